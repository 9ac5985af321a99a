// Callables of study contacts: the standard ones of the kind, who may call each from its declaration.
import { studyContactsKind } from '@trialdesk/shared';
import { kindCallables } from '../common/kindCallables.js';
import {
  contactShape,
  createContact,
  deleteContact,
  exportContacts,
  getContact,
  listContacts,
  updateContact,
} from './service.js';

export const studyContacts = kindCallables(
  studyContactsKind,
  {
    list: (data) => listContacts(data),
    get: (data) => getContact(data.id),
    create: createContact,
    update: updateContact,
    delete: deleteContact,
    export: exportContacts,
  },
  { shapes: [contactShape] },
);
