// The study contacts endpoints and a contact's name (other kinds name contacts by key: ui/resource/references.tsx).
import type { StudyContact } from '@trialdesk/shared';
import { recordApi } from '../../core/api/records';

export const studyContactApi = recordApi('studyContacts');

export const contactName = (c: StudyContact) => c.displayName || `${c.firstName} ${c.lastName}`;
