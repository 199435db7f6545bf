import { errorBody, type ErrorBody } from '@shared/api/errors';
import { UPLOAD_PATH } from '@shared/constants/uploads';
import { t } from '../../i18n/app';
import { ApiError } from '../../lib/api';

export interface UploadOptions {
  /** Percentage of the request body sent so far (0-100). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

function toApiError(status: number, statusText: string, text: string): ApiError {
  const parsed = errorBody.safeParse(parseJson(text));
  const body: ErrorBody | null = parsed.success ? parsed.data : null;
  // Same message shape as the default fetch: "{status}: {body text or status text}".
  return new ApiError(status, body, `${status}: ${text || statusText}`);
}

/**
 * POST /api/documents/upload as multipart. XMLHttpRequest rather than fetch because only it
 * reports real upload progress. Resolves with the parsed JSON answer; rejects with an ApiError
 * for a non-OK answer, or an Error when the request never got one.
 */
export function uploadDocument(
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(parseJson(xhr.responseText));
      else reject(toApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error(t('documents:upload.errors.unreachable')));
    xhr.onabort = () =>
      reject(new DOMException(t('documents:upload.errors.cancelled'), 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException(t('documents:upload.errors.cancelled'), 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The text kept on a failed queue item: the server's own message when it sent one. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return (
      error.body?.message ?? t('documents:upload.errors.failedWith', { reason: error.message })
    );
  return error instanceof Error ? error.message : t('documents:upload.errors.failed');
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
