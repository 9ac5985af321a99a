// CSV exports of the lists: their languages, formats and list separators, the shared column headers, where the files
// go and how long their links work (each kind declares its own columns; docs/architecture.md "Exports").
import type { ValueLabelSet } from './valueLabels.js';

/** The languages a CSV header is written in (the person's language on the web). */
export const EXPORT_LANGUAGES = ['en', 'fr'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/**
 * What an export is for: people (`readable`: labels in the person's language, times in the team's time zone with
 * their offset, names instead of ids, the language's list separator) or programs (`machine`: codes, UTC ISO 8601,
 * ids, commas, in either language).
 */
export const EXPORT_FORMATS = ['readable', 'machine'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The list separator a spreadsheet opened by double-click expects in the person's language (Excel in French uses
 * the semicolon, the comma being the decimal separator); the machine format always uses the comma.
 */
export const EXPORT_SEPARATORS: Record<ExportLanguage, string> = { en: ',', fr: ';' };

/** How long an export's link works, and when its file is removed. */
export const EXPORT_LINK_MINUTES = 15;
export const EXPORT_RETENTION_HOURS = 24;

export const EXPORT_PATHS = {
  folder: (uid: string) => `exports/${uid}/`,
  file: (uid: string, name: string) => `exports/${uid}/${name}`,
} as const;

export interface ExportResponse {
  /** The file's Storage path: only its owner can download it (FILE_DOWNLOAD_FUNCTION), for `EXPORT_LINK_MINUTES`. */
  path: string;
  fileName: string;
  rows: number;
  /** When the link stops working. */
  expiresAt: string;
}

/** A CSV column's header in each language. */
export type ExportHeader = { en: string; fr: string };

/**
 * A CSV column: its header, and what its values are, which the readable format writes for people: `time` an
 * ISO 8601 instant (in the team's time zone, with its offset), `yesNo` a boolean, `checklist` triage answers, or a
 * set of coded values (their labels). `only` keeps a column to one format (an id in the machine one, the name the
 * readable one shows instead).
 */
export interface ExportColumn extends ExportHeader {
  as?: 'time' | 'checklist' | ValueLabelSet;
  only?: ExportFormat;
}

/** The columns several kinds' exports share. */
export const COMMON_HEADERS = {
  id: { en: 'ID', fr: 'ID' },
  createdAt: { en: 'Created', fr: 'Créé le', as: 'time' },
  updatedAt: { en: 'Updated', fr: 'Modifié le', as: 'time' },
  status: { en: 'Status', fr: 'Statut' },
  firstName: { en: 'First name', fr: 'Prénom' },
  lastName: { en: 'Last name', fr: 'Nom de famille' },
  email: { en: 'Email', fr: 'Courriel' },
} as const satisfies Record<string, ExportColumn>;
