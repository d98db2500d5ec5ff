// Helpers for this remote's component tests (never imported by the app itself).
import { authStore } from 'shared-contracts';
import { FakeUsersApi, fakeToken } from './fakeUsersApi';

/** Signs a user into the shared store as the shell's login would; the fake api reads the token. */
export function signInAs(role: string, token = fakeToken(role)) {
  authStore.getState().signIn(token, { id: 99, name: `Test ${role}`, email: `${role}@example.org`, role });
}

export function signOut() {
  authStore.getState().signOut();
}

/** Calls (paths under /api) held back until `release()`: to see a screen while it waits. */
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

/** Routes every fetch of the page to `api` and returns it. */
export function installFakeApi(api = new FakeUsersApi(), held?: HeldCalls): FakeUsersApi {
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

export { setScreen } from 'shared-contracts/testing/render';
