/** `2026-06-21 14:05 UTC`: reports are read in several time zones; UTC says which one. */
export function utcStamp(date: Date | string): string {
  return `${new Date(date).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
