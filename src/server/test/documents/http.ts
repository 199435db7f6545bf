import { randomUUID } from 'node:crypto';

export interface Part {
  field: string;
  /** Sent as given, byte for byte, so tests can put hostile names on the wire. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand: FormData would escape the names we want to test. */
export function multipartBody(parts: Part[]) {
  const boundary = `----centerline${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Uploaded {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
  body: any;
}

/** POSTs the parts to /api/documents/upload with the client's session cookie. */
export async function upload(
  baseUrl: string,
  cookie: string | null,
  parts: Part[],
): Promise<Uploaded> {
  const { body, contentType } = multipartBody(parts);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${baseUrl}/api/documents/upload`, { method: 'POST', headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export const file = (filename: string, data: Buffer | string, field = 'file'): Part => ({
  field,
  filename,
  contentType: 'application/octet-stream',
  data,
});
