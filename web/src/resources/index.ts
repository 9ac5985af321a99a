// The app's resources, in menu order (the showcase's after the product's): routes, menu and guards come from it.
import { addDictionaries } from '../core/i18n/later';
import { accessLog } from './accessLog';
import { showcaseDictionaries } from './ecommerce/words';
import { products } from './products';
import { references } from './references';
import { shops } from './shops';
import { studies } from './studies';
import { studyContacts } from './studyContacts';
import { users } from './users';

// The showcase's words join the dictionaries with the resources: after sign-in, never on the login page.
addDictionaries(showcaseDictionaries);

export const RESOURCES = [studies, users, references, studyContacts, products, shops, accessLog];
