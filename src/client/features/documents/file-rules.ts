import { ACCEPTED_EXTENSIONS, MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES } from '@shared/constants/uploads';
/**
 * What the upload panel accepts (spec §5, plus DOCX which extraction reads, DESIGN §6) and the
 * stated 10 MB limit. Messages are the standard file-drop rejection texts the spec records.
 */

export { ACCEPTED_EXTENSIONS, MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES };
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');
export const ACCEPTED_LABEL = 'PDF, XLSX, CSV, JPEG, PNG or DOCX';

export interface FileRejection {
  file: File;
  message: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** The reason a file cannot be uploaded, or null when it may go to the queue. */
export function rejectionMessage(file: Pick<File, 'name' | 'size'>): string | null {
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return `File type must be one of ${ACCEPTED_EXTENSIONS.join(', ')}`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return `File is larger than ${MAX_UPLOAD_BYTES} bytes`;
  if (file.size < MIN_UPLOAD_BYTES) return `File is smaller than ${MIN_UPLOAD_BYTES} bytes`;
  return null;
}

export function partitionFiles(files: File[]): { accepted: File[]; rejected: FileRejection[] } {
  const accepted: File[] = [];
  const rejected: FileRejection[] = [];
  for (const file of files) {
    const message = rejectionMessage(file);
    if (message) rejected.push({ file, message });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
