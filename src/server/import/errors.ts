/**
 * A file the tabular reader cannot read, with a message for the person who sent it. Callers
 * give it their own status: document processing shows it on the document, an import answers 422.
 */
export class UnreadableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

/** More data rows than the caller's limit; each caller words it for its screen. */
export class TooManyRowsError extends UnreadableFileError {
  constructor(readonly maxRows: number) {
    super(`The file has more than ${maxRows.toLocaleString('en-US')} rows.`);
    this.name = 'TooManyRowsError';
  }
}
