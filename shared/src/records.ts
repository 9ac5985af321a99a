// What the callables return. Timestamps travel as ISO 8601 strings (UTC).

/** Fields every stored record carries (DESIGN.md section 4). */
export interface RecordMeta {
  id: string;
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface DeleteResponse {
  id: string;
}
