// Callables of studies: the standard ones of the kind, who may call each from its declaration, and the import from
// ClinicalTrials.gov.
import { studiesKind } from '@trialdesk/shared';
import { callable } from '../common/callable.js';
import { kindCallables } from '../common/kindCallables.js';
import { assertNoDocuments } from '../documents/service.js';
import { importStudy } from './import.js';
import {
  createStudy,
  deleteStudy,
  exportStudies,
  followStudy,
  getStudy,
  listStudies,
  studyShape,
  updateStudy,
} from './service.js';

export const studies = {
  ...kindCallables(
    studiesKind,
    {
      list: (data) => listStudies(data),
      get: (data) => getStudy(data.id),
      create: createStudy,
      update: updateStudy,
      // A study's documents are not removed with it: deleting one is refused while any remain (docs/security.md).
      delete: (data, caller) => deleteStudy(data, caller, assertNoDocuments),
      export: exportStudies,
    },
    { shapes: [studyShape] },
  ),
  // A study from its registry record (docs/registry.md, "The import").
  import: callable('studies-import', { access: 'staff' }, importStudy),
  // The caller's own follow switch: no audit entry, no new version (docs/referrals.md, "Mail").
  follow: callable('studies-follow', { access: 'staff' }, followStudy),
};
