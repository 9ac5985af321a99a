// CSV exports of the lists: their languages and shared column headers, where the files go and how long their links
// work (each kind declares its own columns).
/** The languages a CSV header is written in (the person's language on the web). */
export const EXPORT_LANGUAGES = ['en', 'fr'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

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

/** The headers several kinds' exports share (enumerations stay as their codes, dates as ISO 8601). */
export const COMMON_HEADERS = {
  id: { en: 'ID', fr: 'ID' },
  createdAt: { en: 'Created', fr: 'Créé le' },
  updatedAt: { en: 'Updated', fr: 'Modifié le' },
  status: { en: 'Status', fr: 'Statut' },
  firstName: { en: 'First name', fr: 'Prénom' },
  lastName: { en: 'Last name', fr: 'Nom de famille' },
  email: { en: 'Email', fr: 'Courriel' },
} as const satisfies Record<string, ExportHeader>;
