// Helpers for this remote's component tests (never imported by the app itself).
import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { HeldCalls, serveApi } from 'shared-contracts/testing/network';
import { FakeTicketApi } from './ticketBackend';

/** Answers the page's calls from `api` (a fresh fake with demo tickets by default) through msw. */
export function installFakeApi(api = new FakeTicketApi(), held?: HeldCalls): FakeTicketApi {
  return serveApi(api, held);
}

export { setScreen } from 'shared-contracts/testing/render';
export { signInAs, signOut } from 'shared-contracts/testing/signIn';
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
