/**
 * Uploads go through XMLHttpRequest (only it reports upload progress), so their network
 * boundary is XHR, not fetch. This fake records each request and lets the test drive it:
 * progress, the server's answer, a dropped connection.
 */
import { vi } from 'vitest';

export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file in the multipart body's `file` part. */
  get file(): File {
    return this.body!.get('file') as File;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  failToConnect() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest until the test ends (the render helper restores globals). */
export function fakeXhr() {
  // A new test is a new page: requests an earlier test left in flight end as a closed tab ends them.
  for (const request of FakeXhr.sent) if (!request.status && !request.aborted) request.abort();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    sent: FakeXhr.sent,
    /** The request that carries the file with this name. */
    for: (name: string) => {
      const xhr = FakeXhr.sent.find((x) => x.file.name === name);
      if (!xhr) throw new Error(`no upload of ${name} was sent`);
      return xhr;
    },
  };
}
