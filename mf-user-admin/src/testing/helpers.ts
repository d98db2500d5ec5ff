// Helpers for this remote's component tests (never imported by the app itself).
import { HeldCalls, serveApi } from 'shared-contracts/testing/network';
import { FakeUsersApi } from './usersBackend';

/** Answers the page's calls from `api` (a fresh fake with demo users by default) through msw. */
export function installFakeApi(api = new FakeUsersApi(), held?: HeldCalls): FakeUsersApi {
  return serveApi(api, held);
}

export { setScreen } from 'shared-contracts/testing/render';
export { signInAs, signOut } from 'shared-contracts/testing/signIn';
export { HeldCalls };
