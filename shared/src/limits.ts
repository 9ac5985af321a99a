// Field limits and page sizes: ours, chosen for what a study team types (the product specification gives none).
export const LIMITS = {
  idMax: 128,
  studyTitleMin: 3,
  studyTitleMax: 200,
  conditionsMax: 30,
  conditionMax: 100,
  criteriaMax: 10_000,
  summaryMax: 5_000,
  detailsMax: 32_000,
  refererMax: 200,
  publicationTitleMax: 300,
  abstractMax: 10_000,
  authorsMax: 50,
  authorMax: 200,
  yearMin: 1800,
  yearMax: 2100,
  publicationTypeMax: 100,
  urlMax: 2_048,
  doiMax: 200,
  journalMax: 300,
  volumeMax: 50,
  pagesMax: 50,
  relatedStudiesMax: 20,
  patientIdMin: 3,
  patientIdMax: 64,
  nameMax: 100,
  displayNameMax: 200,
  emailMax: 254,
  phoneMax: 30,
  passwordMin: 8,
  passwordMax: 128,
  searchMax: 100,
  /** Longest search token stored; longer queries are cut to this length. */
  searchTokenMax: 32,
  documentNameMax: 200,
  uploadPathMax: 300,
  /** Largest file a study document may be (storage.rules refuses bigger uploads too). */
  uploadMaxBytes: 25 * 1024 * 1024,
  /** Versions kept per document: enough for years of protocol amendments, bounded so the record stays small. */
  documentVersionsMax: 100,
  /** A picture is cropped square and resized to this many pixels in the browser before upload. */
  pictureSize: 256,
  pictureMaxBytes: 2 * 1024 * 1024,
  /** Criteria lines a study's checklist holds at most (one per line of its criteria). */
  criteriaLinesMax: 200,
  triageNoteMax: 500,
  triageReasonMax: 2_000,
  /** A coordinator's message to the referrer with a decision, and a referrer's note on a referral. */
  referrerMessageMax: 2_000,
  referralNoteMax: 2_000,
  organisationMax: 200,
} as const;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;
/**
 * Rows one list call may skip by offset: Firestore reads (and bills) every row it skips, so a deep page cost up to
 * 100 000 reads. Pages past it are asked for with a cursor (`after`/`before`: the id of the record next to them).
 */
export const MAX_OFFSET = 10_000;
/** Whether a page is reached by offset (its offset is within MAX_OFFSET): the one test of the schema and the web. */
export const offsetReaches = (page: number, pageSize: number): boolean => (page - 1) * pageSize <= MAX_OFFSET;
/**
 * Rows one CSV export may hold: it reads them all and builds the file in memory. The benchmark exports 100 000
 * references, a large study programme's whole list; a longer one is narrowed by its filters.
 */
export const EXPORT_MAX_ROWS = 100_000;

/**
 * Cloud Storage retries (408, 429, 5xx) for up to 2 minutes per operation and 10 minutes per upload. Here, not in
 * the contract: the web's Firebase setup reads them, and the login route must not carry the request schemas.
 */
export const STORAGE_OPERATION_RETRY_MS = 2 * 60_000;
export const STORAGE_UPLOAD_RETRY_MS = 10 * 60_000;
