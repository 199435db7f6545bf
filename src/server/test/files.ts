/** Files sent to the API (imports) and read back from it (exports, generated documents). */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import JSZip from 'jszip';
import type { TestClient, TestServer } from './harness';

/** Sends raw bytes (a CSV or XLSX file) the way the import screen does. */
export async function postFile(
  server: TestServer,
  client: TestClient,
  path: string,
  bytes: Buffer | string,
  contentType = 'text/csv',
) {
  const res = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': contentType, cookie: client.cookie ?? '' },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
  return { status: res.status, body: body as any };
}

/** GET returning the raw bytes and headers (exports). */
export async function download(server: TestServer, client: TestClient, path: string) {
  const res = await fetch(server.baseUrl + path, { headers: { cookie: client.cookie ?? '' } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

let pdftotext: boolean | undefined;

/** The text of a PDF as a reader sees it: pdftotext when installed, pdfjs-dist otherwise. */
export async function pdfText(bytes: Buffer): Promise<string> {
  if (pdftotext === undefined) {
    try {
      execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
      pdftotext = true;
    } catch {
      pdftotext = false;
    }
  }
  if (pdftotext) return execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  // Pages apart as pdftotext sets them: a form feed after each.
  return pages.map((page) => `${page}\n\f`).join('');
}

/** The text of word/document.xml of a DOCX, tags removed. */
export async function docxText(bytes: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')?.async('string');
  if (xml === undefined) throw new Error('word/document.xml is missing');
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

/** Unpacks a ZIP archive into a new temporary folder, as a reader would, and names the folder. */
export async function unpackZip(bytes: Buffer, prefix = 'archive-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const zip = await JSZip.loadAsync(bytes);
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    const path = join(dir, entry.name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, await entry.async('nodebuffer'));
  }
  return dir;
}
