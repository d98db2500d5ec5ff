// Helpers for this remote's component tests (never imported by the app itself).
import { HttpResponse, http, json, server } from 'shared-contracts/testing/network';
import { waitFor } from 'shared-contracts/testing/render';

export { type Answer, answerRoutes as mockApi, json } from 'shared-contracts/testing/network';

/** A promise the test resolves when it wants: for checking what shows while a call is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** One POST /api/tickets/submit as msw received it. */
export interface SentSubmit {
  headers: Headers;
  /** The multipart fields other than the file. */
  fields: Record<string, string>;
  /** The file part, if any. */
  attachment: File | null;
}

/**
 * POST /api/tickets/submit answered by msw, each submit held until the test answers it: meanwhile
 * the upload is in flight, as on a slow phone. msw reports an XHR upload's progress only when the
 * answer comes (0, then all of the body: ADR 0013), so `progress` dispatches the browser's own
 * `ProgressEvent` on the request's real `XMLHttpRequestUpload` in between, and `aborted` tells
 * whether the page called `abort()` on its request (msw does not pass an XHR's abort on).
 * Call it before the page sends anything.
 */
export function holdSubmits() {
  const sent: SentSubmit[] = [];
  const answers: ((response: Response) => void)[] = [];
  // Spies that call through: the request and its upload stay jsdom's own objects.
  const progressListeners = jest.spyOn(XMLHttpRequestEventTarget.prototype, 'onprogress', 'set');
  const open = jest.spyOn(XMLHttpRequest.prototype, 'open');
  const abort = jest.spyOn(XMLHttpRequest.prototype, 'abort');
  server.use(
    http.post('*/api/tickets/submit', async ({ request }) => {
      const fields: Record<string, string> = {};
      let attachment: File | null = null;
      for (const [key, value] of (await request.formData()).entries()) {
        if (typeof value === 'string') fields[key] = value;
        else attachment = value;
      }
      sent.push({ headers: request.headers, fields, attachment });
      return new Promise<Response>((answer) => answers.push(answer));
    }),
  );
  const last = (): SentSubmit => {
    const submit = sent[sent.length - 1];
    if (!submit) throw new Error('the page sent no submit');
    return submit;
  };
  return {
    sent,
    last,
    /** Waits until msw has received `count` submits (the last one is in flight) and returns the last. */
    async arrived(count = 1): Promise<SentSubmit> {
      await waitFor(() => expect(sent).toHaveLength(count));
      return last();
    },
    /** Answers the submit in flight: a JSON body (or a text that is not JSON) with `status`. */
    respond(status: number, body: unknown) {
      answers.shift()?.(typeof body === 'string' ? new HttpResponse(body, { status }) : json(body, status));
    },
    /** The submit in flight gets no answer (the network failed). */
    fail() {
      answers.shift()?.(HttpResponse.error());
    },
    /** The browser reports `loaded` of `total` bytes of the body sent. */
    progress(loaded: number, total: number) {
      const upload = [...progressListeners.mock.contexts]
        .reverse()
        .find((target) => target instanceof XMLHttpRequestUpload);
      if (!upload) throw new Error('the page listens to no upload progress');
      upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    },
    /** How many requests the page has started (at once, before msw receives them). */
    opened: () => open.mock.calls.length,
    /** Whether the page aborted its request. */
    aborted: () => abort.mock.calls.length > 0,
  };
}

/** A file of `size` bytes without allocating them. */
export function fileOf(name: string, size: number, type = 'application/pdf'): File {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
