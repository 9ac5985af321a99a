// Callables of study documents: the standard ones of the kind, a new version of a document's file, and how many
// documents each folder holds.
import { documentsKind } from '@trialdesk/shared';
import { callable } from '../common/callable.js';
import { kindCallables } from '../common/kindCallables.js';
import {
  addDocumentVersion,
  countDocuments,
  createDocument,
  deleteDocument,
  documentShape,
  getDocument,
  listDocuments,
  updateDocument,
} from './service.js';

export const documents = {
  ...kindCallables(
    documentsKind,
    {
      list: (data) => listDocuments(data),
      get: (data) => getDocument(data.id),
      create: createDocument,
      update: updateDocument,
      delete: deleteDocument,
    },
    { shapes: [documentShape] },
  ),
  addVersion: callable('documents-addVersion', { access: 'staff' }, addDocumentVersion),
  counts: callable('documents-counts', { access: 'staff' }, countDocuments),
};
