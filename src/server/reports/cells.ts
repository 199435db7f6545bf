// A cell that starts like a formula is shown as text, never evaluated (CSV/Excel injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text for a spreadsheet or CSV cell, quoted with an apostrophe when it would read as a formula. */
export const safeText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
