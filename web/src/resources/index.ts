// The app's resources, in menu order: the router, the menu and the guards are built from this list.
import { accessLog } from './accessLog';
import { references } from './references';
import { studies } from './studies';
import { studyContacts } from './studyContacts';
import { users } from './users';

export const RESOURCES = [studies, users, references, studyContacts, accessLog];
