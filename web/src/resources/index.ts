// The app's resources, in menu order (the showcase's after the product's): routes, menu and guards come from it.
import { fileMessages } from '@trialdesk/shared';
import { addDictionaries } from '../core/i18n/later';
import { accessLog } from './accessLog';
import { customers } from './customers';
import documentWords from './documents/words';
import ecommerceWords from './ecommerce/words';
import { orders } from './orders';
import { products } from './products';
import { references } from './references';
import { sellers } from './sellers';
import { shops } from './shops';
import { studies } from './studies';
import { studyContacts } from './studyContacts';
import { users } from './users';

// The showcase's and the document library's words join the dictionaries with the resources: after sign-in, never
// on the login page.
addDictionaries(ecommerceWords);
addDictionaries(documentWords);
// The file callables' error messages (shared with the server; kept off the login route too).
addDictionaries(fileMessages);

export const RESOURCES = [
  studies,
  users,
  references,
  studyContacts,
  products,
  orders,
  customers,
  sellers,
  shops,
  accessLog,
];
