// The part every remote's in-memory fake api shares: the shapes of a recorded call and an
// answer, calls held back until a test releases them, and routing the page's fetch to the fake.
// Test code only (never imported by an app).

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

/** What a remote's fake api implements: one answer per call, paths without the /api prefix. */
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

/** Routes every fetch of the page to `api` (JSON in, JSON out) and returns it. */
export function installFakeApi<Api extends FakeApiHandler>(api: Api, held?: HeldCalls): Api {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input as string, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    if (held?.holds(request.method, path)) await held.wait();
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    const answer = api.handle(
      request.method,
      path,
      Object.fromEntries(url.searchParams),
      body,
      request.headers.get('Authorization'),
    );
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return api;
}
