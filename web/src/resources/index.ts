// The product's resources in menu order (the showcase's follow, showcase/index.ts): routes, menu, guards come from it.
import { fileMessages } from '@trialdesk/shared';
import { addDictionaries } from '../core/i18n/later';
import { registerPanels, registerResources } from '../ui/resource/registry';
import { accessLog } from './accessLog';
import { mail } from './mail';
import { DOCUMENT_PANELS } from './documents/panels';
import documentWords from './documents/words';
import { references } from './references';
import { studies } from './studies';
import { studyContacts } from './studyContacts';
import { users } from './users';

// The document library's words join the dictionaries with the resources: after sign-in, never on the login page.
addDictionaries(documentWords);
// The file callables' error messages (shared with the server; kept off the login route too).
addDictionaries(fileMessages);

export const RESOURCES = [studies, users, references, studyContacts, accessLog, mail];
registerResources(RESOURCES);
registerPanels(DOCUMENT_PANELS);
