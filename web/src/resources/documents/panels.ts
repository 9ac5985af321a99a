// The document library's panels on other kinds' record screens, named by their kind's key: a study's documents.
import type { RecordPanel } from '../../ui/resource/registry';

export const DOCUMENT_PANELS: RecordPanel[] = [{ on: 'studies', screen: () => import('./StudyDocuments') }];
