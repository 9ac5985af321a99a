// Callables of study documents: the standard ones of the kind, and a new version of a document's file.
import { documentsKind } from '@trialdesk/shared';
import { callable } from '../common/callable.js';
import { kindCallables } from '../common/kindCallables.js';
import {
  addDocumentVersion,
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
};
