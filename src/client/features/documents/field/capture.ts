import { MAX_UPLOAD_BYTES } from '@shared/constants/uploads';
import { sha256 } from '@shared/ledger/sha256';
import { t } from '../../../i18n/app';
import type { CaptureFacts } from './capture-store';
import type { LocationState } from './use-current-location';

/**
 * A field capture as taken: the bytes to send, their SHA-256 computed the moment they were
 * taken, and when, where and on what device. A photo over the upload limit is resized here
 * first; the original's hash and size stay in the capture.
 */
export interface Capture extends CaptureFacts {
  file: File;
}

export class CaptureError extends Error {}

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a file's bytes: the browser's digest where it offers one (secure pages), else ours. */
export async function hashFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (globalThis.crypto?.subtle) {
    return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  }
  return toHex(sha256(bytes));
}

/** Six decimals (about 11 cm), as the field screen shows them. */
const sixDecimals = (value: number) => Math.round(value * 1e6) / 1e6;

const LONGEST_SIDE = 4096;

/** A JPEG of the photo no longer than 4096 px a side and under the upload limit. */
async function resized(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.85, 0.7, 0.55, 0.4]) {
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', quality),
    );
    if (blob && blob.size <= MAX_UPLOAD_BYTES) {
      return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
    }
  }
  throw new CaptureError(t('documents:mobile.capture.tooLargeEvenResized'));
}

export async function takeCapture(file: File, location: LocationState): Promise<Capture> {
  const image = file.type.startsWith('image/');
  if (!image && file.type !== 'application/pdf') {
    throw new CaptureError(t('documents:mobile.capture.notImageOrPdf', { name: file.name }));
  }
  const capturedAt = new Date().toISOString();
  const originalHash = await hashFile(file);
  let sent = file;
  let original: Capture['original'] = null;
  if (file.size > MAX_UPLOAD_BYTES) {
    if (!image) throw new CaptureError(t('documents:mobile.capture.pdfTooLarge'));
    sent = await resized(file);
    original = { sha256: originalHash, bytes: file.size };
  }
  return {
    id: crypto.randomUUID(),
    file: sent,
    sha256: original ? await hashFile(sent) : originalHash,
    original,
    capturedAt,
    location:
      location.status === 'known'
        ? { lat: sixDecimals(location.coords.lat), lng: sixDecimals(location.coords.lng) }
        : null,
    accuracy: location.status === 'known' ? Math.round(location.coords.accuracy * 10) / 10 : null,
    device: navigator.userAgent.slice(0, 400),
  };
}
