import {
  importRejected,
  importResult,
  type ExportFormat,
  type ImportResult,
} from '@shared/api/checklist';
import { errorBody } from '@shared/api/errors';
import { ApiError } from '../../lib/api';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ImportAnswer =
  { ok: true; result: ImportResult } | { ok: false; message: string; result: ImportResult | null };

/** Sends the file itself as the body (the server sniffs CSV or XLSX from the bytes). */
export async function sendImport(file: File, dryRun: boolean): Promise<ImportAnswer> {
  const params = new URLSearchParams({ dryRun: String(dryRun), filename: file.name.slice(0, 255) });
  const res = await fetch(`/api/checklist/import?${params}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': file.name.toLowerCase().endsWith('.xlsx') ? XLSX_TYPE : 'text/csv' },
    body: file,
  });
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, result: importResult.parse(json) };
  const rejected = importRejected.safeParse(json);
  if (rejected.success) {
    return { ok: false, message: rejected.data.message, result: rejected.data.result ?? null };
  }
  const parsed = errorBody.safeParse(json);
  throw new ApiError(
    res.status,
    parsed.success ? parsed.data : null,
    `${res.status}: ${parsed.success ? parsed.data.message : res.statusText}`,
  );
}

function fileNameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Downloads an export through fetch, so a failure becomes a message instead of a JSON page. */
export async function downloadExport(format: ExportFormat): Promise<string> {
  const res = await fetch(`/api/checklist/export?format=${format}`, { credentials: 'include' });
  if (!res.ok) {
    const json: unknown = await res.json().catch(() => null);
    const parsed = errorBody.safeParse(json);
    throw new ApiError(
      res.status,
      parsed.success ? parsed.data : null,
      `${res.status}: ${parsed.success ? parsed.data.message : res.statusText}`,
    );
  }
  const name = fileNameOf(res, `part142-checklist.${format}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
