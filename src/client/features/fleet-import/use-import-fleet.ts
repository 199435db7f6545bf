import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  fleetImportPreview,
  fleetImportResult,
  type FleetColumnMapping,
  type FleetImportKind,
  type FleetImportMode,
  type FleetImportPreview,
  type FleetImportResult,
} from '@shared/api/fleet-import';
import { throwIfNotOk } from '../../lib/api';
import { FLEET_KEY } from '../fleet/use-fleet';

export interface FleetImportRequest {
  kind: FleetImportKind;
  file: File;
  /** Field -> column; the server proposes one from the header when absent. */
  mapping?: Partial<FleetColumnMapping>;
}

async function send<T>(
  mode: FleetImportMode,
  { kind, file, mapping }: FleetImportRequest,
  parse: (body: unknown) => T,
): Promise<T> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('mode', mode);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file);
  const res = await fetch('/api/maintenance/import', {
    method: 'POST',
    credentials: 'include',
    body: form,
  });
  await throwIfNotOk(res);
  return parse(await res.json());
}

/** What the import would do: mapping, rows as they would be saved, problems per row. Writes nothing. */
export function usePreviewFleetImport() {
  return useMutation<FleetImportPreview, Error, FleetImportRequest>({
    mutationFn: (request) => send('preview', request, (v) => fleetImportPreview.parse(v)),
  });
}

/** Imports every row or none; every fleet query (lists, figures, alerts, models) follows. */
export function useCommitFleetImport() {
  const queryClient = useQueryClient();
  return useMutation<FleetImportResult, Error, FleetImportRequest>({
    mutationFn: (request) => send('commit', request, (v) => fleetImportResult.parse(v)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLEET_KEY }),
  });
}
