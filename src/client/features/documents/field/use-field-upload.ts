import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadDocument } from '../upload-document';
import { invalidateAfterUpload } from '../use-documents';
import type { Coordinates } from './use-current-location';

export interface FieldUploadInput {
  file: File;
  notes: string;
  inspector: string;
  /** Attached as metadata only when the position is known (spec §7). */
  location: Coordinates | null;
  onProgress?: (percent: number) => void;
}

/** Field capture upload: the file in field 'document', plus 'metadata' JSON when located. */
export function useFieldUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, notes, inspector, location, onProgress }: FieldUploadInput) => {
      const form = new FormData();
      form.append('document', file);
      if (location) {
        const metadata = {
          location: { lat: location.lat, lng: location.lng },
          timestamp: new Date().toISOString(),
          inspector,
          notes,
        };
        form.append('metadata', JSON.stringify(metadata));
      }
      return uploadDocument(form, { onProgress });
    },
    onSuccess: () => invalidateAfterUpload(queryClient),
  });
}
