/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 with RFC 5987 encoding): old clients
 * read the ASCII fallback, current ones the exact UTF-8 name.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
