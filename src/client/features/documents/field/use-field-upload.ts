import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadDocument } from '../upload-document';
import { invalidateAfterUpload } from '../use-documents';
import type { Coordinates } from './use-current-location';

export interface FieldUploadInput {
  file: File;
  notes: string;
  inspector: string;
  /** Attached when the position is known; notes, time and inspector travel without it too. */
  location: Coordinates | null;
  onProgress?: (percent: number) => void;
}

/**
 * Field capture upload: the file in field 'document', plus 'metadata' JSON: when and by whom it
 * was taken, the inspection notes, and the location when the device knows it.
 */
export function useFieldUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, notes, inspector, location, onProgress }: FieldUploadInput) => {
      const form = new FormData();
      form.append('document', file);
      const metadata = {
        ...(location ? { location: { lat: location.lat, lng: location.lng } } : {}),
        timestamp: new Date().toISOString(),
        inspector,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      };
      form.append('metadata', JSON.stringify(metadata));
      return uploadDocument(form, { onProgress });
    },
    onSuccess: () => invalidateAfterUpload(queryClient),
  });
}
