/**
 * An Excel cell as text: dates as YYYY-MM-DD (with HH:MM when the time is not midnight; Excel
 * keeps dates as UTC midnights), formulas as their results, rich text as its text, error values
 * (#N/A) as nothing.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) {
      return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    }
    if ('result' in v) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
    return '';
  }
  return String(value);
}

/** Whether Excel holds the cell (or the formula's result) as a date. */
export function isDateCell(value: unknown): boolean {
  if (value instanceof Date) return true;
  return typeof value === 'object' && value !== null && 'result' in value
    ? isDateCell((value as { result: unknown }).result)
    : false;
}
