import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  instructorImportPreview,
  instructorImportResult,
  type InstructorColumnMapping,
  type InstructorImportMode,
  type InstructorImportPreview,
  type InstructorImportResult,
} from '@shared/api/instructors';
import { throwIfNotOk } from '../../lib/api';
import { INSTRUCTORS_KEY } from './use-instructors';

export interface InstructorImportRequest {
  file: File;
  /** Field -> column; the server proposes one from the header when absent. */
  mapping?: InstructorColumnMapping;
}

async function send<T>(
  mode: InstructorImportMode,
  { file, mapping }: InstructorImportRequest,
  parse: (body: unknown) => T,
): Promise<T> {
  const form = new FormData();
  form.append('mode', mode);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file);
  const res = await fetch('/api/instructors/import', {
    method: 'POST',
    credentials: 'include',
    body: form,
  });
  await throwIfNotOk(res);
  return parse(await res.json());
}

/** What the import would do: mapping, rows as they would be saved, problems per row. Writes nothing. */
export function usePreviewInstructorImport() {
  return useMutation<InstructorImportPreview, Error, InstructorImportRequest>({
    mutationFn: (request) => send('preview', request, (v) => instructorImportPreview.parse(v)),
  });
}

/** Imports every row or none; the lists and their counts follow. */
export function useCommitInstructorImport() {
  const queryClient = useQueryClient();
  return useMutation<InstructorImportResult, Error, InstructorImportRequest>({
    mutationFn: (request) => send('commit', request, (v) => instructorImportResult.parse(v)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INSTRUCTORS_KEY }),
  });
}
