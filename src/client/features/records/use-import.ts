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

export interface ImportRequest {
  file: File;
  /** Field -> column; the server proposes one from the header when absent. */
  mapping?: ColumnMapping;
}

async function send<T>(
  step: 'preview' | 'commit',
  { file, mapping }: ImportRequest,
  parse: (v: unknown) => T,
) {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file);
  const res = await fetch(`/api/training-events/import/${step}`, {
    method: 'POST',
    credentials: 'include',
    body: form,
  });
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
