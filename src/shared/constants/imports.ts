/**
 * Data rows (after the header) one import takes, for the checklist and the training records
 * alike, from an uploaded file or a spreadsheet document. 5,000: the preview sends every row to
 * the browser with its problems (the preview table draws 200 at a time and summarises the rest),
 * and a training-record commit writes a ledger leaf per row in one transaction that holds the
 * organization's append lock (about 0.7 s for 5,000 at the measured 7,000 leaves/s, see
 * docs/PERFORMANCE.md), so a larger file would hold every other writer up. The checklist has 200
 * items; its files are far below the limit.
 */
export const IMPORT_MAX_ROWS = 5_000;
