// Helpers for this remote's component tests (never imported by the app itself).
import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { authStore } from 'shared-contracts';
import { HeldCalls, installFakeApi as installSharedFakeApi } from 'shared-contracts/testing/fakeApi';
import { FakeTicketApi, type FakeUser, fakeToken } from './fakeApi';

/** Signs a user into the shared store as the shell's login would; the fake api reads the token. */
export function signInAs(role: string, city: string | null = null, name = `Test ${role}`) {
  const user: FakeUser = { role, city };
  authStore.getState().signIn(fakeToken(user), { id: 7, name, email: `${role}@helpdesk.demo`, role, city });
}

export function signOut() {
  authStore.getState().signOut();
}

/** Routes every fetch of the page to `api` (a fresh fake with demo tickets by default). */
export function installFakeApi(api = new FakeTicketApi(), held?: HeldCalls): FakeTicketApi {
  return installSharedFakeApi(api, held);
}

export { setScreen } from 'shared-contracts/testing/render';
export { HeldCalls };

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
