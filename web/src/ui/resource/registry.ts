// The app's resources by name: a screen names another kind's records by its key (as react-admin's
// `reference="studies"`), never by importing that kind's folder; and the panels a kind shows on another kind's record
// screen. resources/index.ts registers both.
import type { ComponentType } from 'react';
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

/**
 * A part of one kind's screens shown on another kind's record screen (the study's documents), declared by its own
 * folder: `on` is the kind whose edit screen shows it, `Panel` (lazy, loaded on first use) is given that record's id.
 */
export interface RecordPanel {
  on: string;
  Panel: ComponentType<{ recordId: string }>;
}

const panels: RecordPanel[] = [];

export function registerPanels(list: readonly RecordPanel[]): void {
  panels.push(...list);
}

/** The panels registered for the record screen of kind `name`, in the order registered. */
export const panelsOn = (name: string): RecordPanel[] => panels.filter((panel) => panel.on === name);
