// Where the dashboard's links go: the studies, references, triage screen, study contacts and users, by their keys.
import { pathsOf } from '../../ui/resource/definition';
import { pathsNamed } from '../../ui/resource/registry';

// The study edit screen shows this folder's funnel, so this folder imports neither the studies nor the references
// (which import the studies): no cycle between resources. It names their paths itself (the tests check them against
// the definitions) and asks the studies' list and record through the same cached record endpoints.
export const studyPaths = pathsOf({ path: 'studies' });
export const referencePaths = pathsOf({ path: 'references' });
/** Looked up when a link is drawn: the registry is filled once the resources load. */
export const userPaths = () => pathsNamed('users');
/** The triage screen (resources/pages.ts), below the references. */
export const TRIAGE_PATH = `${referencePaths.list}/triage`;
