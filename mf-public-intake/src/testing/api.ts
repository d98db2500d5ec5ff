// Helpers for this remote's component tests (never imported by the app itself).

export { type Answer, answerRoutes as mockApi, json } from 'shared-contracts/testing/network';

/** A promise the test resolves when it wants: for checking what shows while a call is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The XMLHttpRequest the submit form uses, driven by the test: respond, progress, fail. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
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
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  fail() {
    this.onerror?.();
  }
  /** The multipart fields other than the file. */
  fields(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const [key, value] of this.body?.entries() ?? []) if (typeof value === 'string') fields[key] = value;
    return fields;
  }
}

/** Replaces XMLHttpRequest for one test; returns the function that puts it back. */
export function installFakeXhr(): () => void {
  const original = globalThis.XMLHttpRequest;
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return () => {
    globalThis.XMLHttpRequest = original;
  };
}

/** The last submit the page sent. */
export function lastXhr(): FakeXhr {
  const xhr = FakeXhr.sent[FakeXhr.sent.length - 1];
  if (!xhr) throw new Error('the page sent no submit');
  return xhr;
}

/** A file of `size` bytes without allocating them. */
export function fileOf(name: string, size: number, type = 'application/pdf'): File {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
