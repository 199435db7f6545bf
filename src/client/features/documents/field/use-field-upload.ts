import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadDocument } from '../upload-document';
import { invalidateAfterUpload } from '../use-documents';
import { captureMetadataOf, type Capture } from './capture';

export interface FieldUploadInput {
  capture: Capture;
  notes: string;
  inspector: string;
  onProgress?: (percent: number) => void;
}

/**
 * Field capture upload: the file in field 'document', plus 'metadata' JSON: the capture's id and
 * SHA-256, when, where and on what device it was taken, by whom, and the inspection notes. The
 * server checks the hash against the bytes that arrive, and answers a capture sent twice once.
 */
export function useFieldUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ capture, notes, inspector, onProgress }: FieldUploadInput) => {
      const form = new FormData();
      form.append('document', capture.file);
      form.append('metadata', JSON.stringify(captureMetadataOf(capture, { inspector, notes })));
      return uploadDocument(form, { onProgress });
    },
    onSuccess: () => invalidateAfterUpload(queryClient),
  });
}
