import { useMutation } from '@tanstack/react-query';
import {
  importPreview,
  importResult,
  type ColumnMapping,
  type ImportPreview,
  type ImportResult,
} from '@shared/api/training-events';
import { throwUnlessOk } from './http';
import { useInvalidateRecords } from './use-training-events';

/** What to import: a file chosen now, or a spreadsheet already stored as a document. */
export type ImportSource = { file: File } | { documentId: string; name: string };

export interface ImportRequest {
  source: ImportSource;
  /** Field -> column; the server proposes one from the header when absent. */
  mapping?: ColumnMapping;
}

function request(step: 'preview' | 'commit', { source, mapping }: ImportRequest) {
  if ('documentId' in source) {
    return fetch(`/api/documents/${encodeURIComponent(source.documentId)}/records/${step}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mapping ? { mapping } : {}),
    });
  }
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', source.file);
  return fetch(`/api/training-events/import/${step}`, {
    method: 'POST',
    credentials: 'include',
    body: form,
  });
}

async function send<T>(step: 'preview' | 'commit', req: ImportRequest, parse: (v: unknown) => T) {
  const res = await request(step, req);
  await throwUnlessOk(res);
  return parse(await res.json());
}

/** What the import would do: mapping, rows as they would be saved, problems per row. Writes nothing. */
export function usePreviewImport() {
  return useMutation<ImportPreview, Error, ImportRequest>({
    mutationFn: (request) => send('preview', request, (v) => importPreview.parse(v)),
  });
}

/** Imports every row or none (the server re-checks the whole file in one transaction). */
export function useCommitImport() {
  const invalidate = useInvalidateRecords();
  return useMutation<ImportResult, Error, ImportRequest>({
    mutationFn: (request) => send('commit', request, (v) => importResult.parse(v)),
    onSuccess: invalidate,
  });
}
