// Where the dashboard's links go: the studies, references, triage screen, study contacts and users.
import { pathsOf } from '../../ui/resource/definition';
import { studyContacts } from '../studyContacts';
import { users } from '../users';

// The study edit screen shows this folder's funnel, so this folder imports neither the studies nor the references
// (which import the studies): no cycle between resources. It names their paths itself (the tests check them against
// the definitions) and asks the studies' list and record through the same cached record endpoints.
export const studyPaths = pathsOf({ path: 'studies' });
export const referencePaths = pathsOf({ path: 'references' });
export const studyContactPaths = pathsOf(studyContacts);
export const userPaths = pathsOf(users);
/** The triage screen (resources/pages.ts), below the references. */
export const TRIAGE_PATH = `${referencePaths.list}/triage`;
