/**
 * The benchmark through the real API (BENCH_API_URL): sign in, upload each fixture with
 * POST /api/documents/upload, wait for processing, read GET /api/documents/:id/extracted-data.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FieldName } from '../../src/server/features/documents/reading/types';

export interface ApiField {
  field: FieldName;
  value: string;
  confidence: number;
}

export class ApiClient {
  private cookie = '';
  constructor(private readonly base: string) {}

  private async call(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(path, this.base), {
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: this.cookie,
        origin: new URL(this.base).origin,
      },
    });
    const set = response.headers.getSetCookie();
    if (set.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ');
    return response;
  }

  async signIn(email: string, password: string) {
    const r = await this.call('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!r.ok) throw new Error(`Sign-in failed: ${r.status} ${await r.text()}`);
  }

  /** Uploads without waiting for processing; the answer's status code. */
  async uploadOnly(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const r = await this.call('/api/documents/upload', { method: 'POST', body: form });
    await r.arrayBuffer();
    return r.status;
  }

  /** Uploads, waits until the document leaves uploaded/processing, returns its fields. */
  async process(
    path: string,
    timeoutMs = 600_000,
  ): Promise<{
    id: string;
    status: string;
    fields: ApiField[];
    pages?: { source: string }[];
    error?: string;
  }> {
    const form = new FormData();
    form.append('file', new Blob([await readFile(path)]), basename(path));
    const upload = await this.call('/api/documents/upload', { method: 'POST', body: form });
    if (upload.status !== 201)
      throw new Error(
        `Upload of ${basename(path)} failed: ${upload.status} ${await upload.text()}`,
      );
    const body = (await upload.json()) as
      { id?: string; documents?: { id: string }[] } | { id: string }[];
    const id = Array.isArray(body) ? body[0]!.id : (body.id ?? body.documents?.[0]?.id);
    if (!id) throw new Error('The upload answer has no document id');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const doc = (await (await this.call(`/api/documents/${id}`)).json()) as {
        status: string;
        errorMessage?: string | null;
      };
      if (doc.status !== 'uploaded' && doc.status !== 'processing') {
        if (doc.status === 'error')
          return { id, status: doc.status, fields: [], error: doc.errorMessage ?? undefined };
        break;
      }
      if (Date.now() > deadline) return { id, status: 'timeout', fields: [] };
      await new Promise((r) => setTimeout(r, 500));
    }
    const items = (await (await this.call(`/api/documents/${id}/extracted-data`)).json()) as {
      fieldName: FieldName;
      extractedValue: string;
      confidenceScore: number;
    }[];
    const fields = items.map((i) => ({
      field: i.fieldName,
      value: i.extractedValue,
      // The API may report confidence as 0–1 or as a percentage.
      confidence: i.confidenceScore > 1 ? i.confidenceScore / 100 : i.confidenceScore,
    }));
    const pages = (await (await this.call(`/api/documents/${id}/pages`)).json()) as {
      source: string;
    }[];
    return { id, status: 'processed', fields, pages };
  }

  /** The candidate training records of a stored spreadsheet, with the mapping the server proposes. */
  async previewRecords(id: string): Promise<{ rows: PreviewRow[]; error?: string }> {
    const r = await this.call(`/api/documents/${id}/records/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await r.json()) as { rows?: { values: PreviewRow }[]; message?: string };
    if (!r.ok) return { rows: [], error: body.message ?? String(r.status) };
    return { rows: (body.rows ?? []).map((row) => row.values) };
  }
}

/** A spreadsheet's rows as the record import would save them (POST /api/documents/:id/records/preview). */
export type PreviewRow = Record<string, string | null>;

export interface ServerProcess {
  url: string;
  pid: number;
  /** The server's peak resident memory so far (VmHWM), in bytes. */
  peakRss(): Promise<number>;
  /** The server's resident memory now (VmRSS), in bytes. */
  rss(): Promise<number>;
  stop(): Promise<void>;
}
