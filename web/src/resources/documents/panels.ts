// The document library's panels on other kinds' record screens, named by their kind's key: a study's documents.
import { lazy } from 'react';
import type { RecordPanel } from '../../ui/resource/registry';

export const DOCUMENT_PANELS: RecordPanel[] = [{ on: 'studies', Panel: lazy(() => import('./StudyDocuments')) }];
