// Helpers for this remote's component tests (never imported by the app itself).
import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { authStore } from 'shared-contracts';
import { FakeTicketApi, type FakeUser, fakeToken } from './fakeApi';

/** Signs a user into the shared store as the shell's login would; the fake api reads the token. */
export function signInAs(role: string, city: string | null = null, name = `Test ${role}`) {
  const user: FakeUser = { role, city };
  authStore.getState().signIn(fakeToken(user), { id: 7, name, email: `${role}@helpdesk.demo`, role, city });
}

export function signOut() {
  authStore.getState().signOut();
}

/** Calls (paths under /api) held back until `release()`: to see a screen while it loads. */
export class HeldCalls {
  private waiting: (() => void)[] = [];
  constructor(readonly paths: readonly string[]) {}
  holds(path: string) {
    return this.paths.includes(path);
  }
  wait(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release() {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** Routes every fetch of the page to `api` and returns it. */
export function installFakeApi(api = new FakeTicketApi(), held?: HeldCalls): FakeTicketApi {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input as string, init);
    const url = new URL(request.url);
    if (held?.holds(url.pathname.replace(/^\/api/, ''))) await held.wait();
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    const answer = api.handle(
      request.method,
      url.pathname.replace(/^\/api/, ''),
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

/**
 * Gives every element a box inside a 1280 × 800 viewport. jsdom lays nothing out, so floating-ui
 * (under Mantine's dropdowns) would think the input is scrolled out of view and hide its list.
 */
export function layOutElements(): () => void {
  const box = { x: 10, y: 10, top: 10, left: 10, width: 200, height: 36, right: 210, bottom: 46 };
  const rect = jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockReturnValue({ ...box, toJSON: () => box } as DOMRect);
  const width = jest.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1280);
  const height = jest.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
  return () => {
    rect.mockRestore();
    width.mockRestore();
    height.mockRestore();
  };
}

/** Toasts live in one store for the page: clear them so one test's toasts never queue another's. */
export function clearToasts() {
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
}
