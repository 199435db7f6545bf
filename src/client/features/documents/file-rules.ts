import { ACCEPTED_EXTENSIONS, MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES } from '@shared/constants/uploads';
import { t } from '../../i18n/app';
import { formatNumber } from '../../lib/format';
/**
 * What the upload panel accepts (spec §5, plus DOCX which extraction reads, DESIGN §6) and the
 * stated 10 MB limit. Messages are the standard file-drop rejection texts the spec records.
 */

export { ACCEPTED_EXTENSIONS, MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES };
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

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
    return t('documents:rules.type', { types: ACCEPTED_EXTENSIONS.join(', ') });
  }
  // The limits are written as plain byte counts, as the spec's rejection texts have them.
  if (file.size > MAX_UPLOAD_BYTES)
    return t('documents:rules.tooLarge', { count: MAX_UPLOAD_BYTES });
  if (file.size < MIN_UPLOAD_BYTES)
    return t('documents:rules.tooSmall', { count: MIN_UPLOAD_BYTES });
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

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** `512 B`, `2.0 KB`, `10.0 MB`; `2,0 Ko` in French. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return t('documents:bytes.b', { value: formatNumber(bytes) });
  if (bytes < 1024 * 1024)
    return t('documents:bytes.kb', { value: formatNumber(bytes / 1024, oneDecimal) });
  return t('documents:bytes.mb', { value: formatNumber(bytes / (1024 * 1024), oneDecimal) });
}
