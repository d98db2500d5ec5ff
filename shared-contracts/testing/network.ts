// The one network fake of every component test: msw intercepts the page's fetch and
// XMLHttpRequest calls (setupDom.ts starts it for every test file and resets it after each test;
// a request no test answers is an error). Test code only: never imported by an app.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();
export { HttpResponse, http };

/** A JSON answer, as the api sends it. */
export const json = (body: unknown, status = 200) =>
  HttpResponse.json(body as Parameters<typeof HttpResponse.json>[0], { status });

/** Every request the page sends from now on, in order (each a copy, so its body can be read). */
export function recordRequests(): Request[] {
  const seen: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(request.clone());
  });
  return seen;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

/** An in-memory api behind the network fake: one answer per call, paths without the /api prefix. */
export interface FakeApiHandler {
  handle(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
    authorization: string | null,
  ): FakeAnswer;
}

/**
 * Calls held back until `release()`: to see a screen while it loads. Each entry is a path under
 * /api (`/tickets/stats`) or a method and a path (`POST /admin/users`).
 */
export class HeldCalls {
  private waiting: (() => void)[] = [];
  constructor(readonly paths: readonly string[]) {}
  holds(method: string, path: string) {
    return this.paths.includes(`${method} ${path}`) || this.paths.includes(path);
  }
  wait(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release() {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** Answers every call of the page (under /api, and the stored files) from `api` and returns it. */
export function serveApi<Api extends FakeApiHandler>(api: Api, held?: HeldCalls): Api {
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api/, '');
      if (held?.holds(request.method, path)) await held.wait();
      // A multipart body (a file with fields) arrives as an object of its parts, like a JSON one.
      const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
      const body =
        request.method === 'GET'
          ? undefined
          : multipart
            ? Object.fromEntries((await request.formData()).entries())
            : await request.json().catch(() => undefined);
      const answer = api.handle(
        request.method,
        path,
        Object.fromEntries(url.searchParams),
        body,
        request.headers.get('Authorization'),
      );
      return json(answer.body, answer.status);
    }),
  );
  return api;
}

/** An answer a test gives: a value sent as JSON with 200, a Response as it is, or a function of the request. */
export type Answer = unknown | ((request: Request) => Response | Promise<Response>);

/** The Response for `answer`; a function that throws or rejects is a network failure (no answer). */
async function respond(answer: Answer, request: Request): Promise<Response> {
  if (answer instanceof Response) return answer.clone();
  if (typeof answer !== 'function') return json(answer);
  try {
    return await (answer as (request: Request) => Response | Promise<Response>)(request);
  } catch {
    return HttpResponse.error();
  }
}

/** Every call of the page gets `answer`; returns the requests seen, in order. */
export function answerEvery(answer: (request: Request) => Response | Promise<Response>): Request[] {
  const requests = recordRequests();
  server.use(http.all('*', ({ request }) => respond(answer, request)));
  return requests;
}

/**
 * Answers the page's calls by `"METHOD /path"` (without the query); anything else is a 404
 * `{ error: 'Not found' }`. Returns the requests seen and their `"METHOD /path"` in order.
 */
export function answerRoutes(routes: Record<string, Answer>) {
  const requests = recordRequests();
  server.use(
    http.all('*', ({ request }) => {
      const answer = routes[`${request.method} ${new URL(request.url).pathname}`];
      return answer === undefined ? json({ error: 'Not found' }, 404) : respond(answer, request);
    }),
  );
  const paths = () => requests.map((request) => `${request.method} ${new URL(request.url).pathname}`);
  return { requests, paths };
}
