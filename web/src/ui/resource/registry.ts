// The app's resources by name: a screen names another kind's records by its key (as react-admin's
// `reference="studies"`), never by importing that kind's folder. resources/index.ts registers them.
import { pathsOf, type ResourceDefinition } from './definition';

const byName = new Map<string, ResourceDefinition>();

export function registerResources(resources: readonly ResourceDefinition[]): void {
  for (const resource of resources) byName.set(resource.name, resource);
}

/** The paths of the resource named `name` (a kind's key); throws for a name no resource has. */
export function pathsNamed(name: string): ReturnType<typeof pathsOf> {
  const resource = byName.get(name);
  if (!resource) throw new Error(`No resource is named ${name}`);
  return pathsOf(resource);
}

/** Where a record of kind `name` opens, or null when the kind has no screen of its own (documents). */
export function recordPath(name: string, id: string): string | null {
  const resource = byName.get(name);
  return resource && resource.access.edit !== 'none' ? pathsOf(resource).edit(id) : null;
}
