/**
 * What document upload accepts: the spec's panel types (PDF, XLSX, CSV, JPEG, PNG) plus DOCX,
 * which the chat help promises and extraction reads. The server sniffs the real type from the
 * bytes; the extension is only a first, client-side check.
 */
export const UPLOAD_TYPES = [
  { extension: '.pdf', mime: 'application/pdf', kind: 'pdf' },
  {
    extension: '.xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    kind: 'xlsx',
  },
  { extension: '.csv', mime: 'text/csv', kind: 'csv' },
  { extension: '.jpg', mime: 'image/jpeg', kind: 'image' },
  { extension: '.jpeg', mime: 'image/jpeg', kind: 'image' },
  { extension: '.png', mime: 'image/png', kind: 'image' },
  {
    extension: '.docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'docx',
  },
] as const;

export type DocumentKind = (typeof UPLOAD_TYPES)[number]['kind'];

export const ACCEPTED_EXTENSIONS = UPLOAD_TYPES.map((t) => t.extension);
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MIN_UPLOAD_BYTES = 1;
/** Files per upload request from the Document Import panel. */
export const MAX_FILES_PER_UPLOAD = 10;

/** Where a document is uploaded (multipart): the upload panel, field capture and its queue. */
export const UPLOAD_PATH = '/api/documents/upload';
