// Helpers for this remote's component tests (never imported by the app itself).
import { authStore } from 'shared-contracts';
import { HeldCalls, installFakeApi as installSharedFakeApi } from 'shared-contracts/testing/fakeApi';
import { FakeUsersApi, fakeToken } from './fakeUsersApi';

/** Signs a user into the shared store as the shell's login would; the fake api reads the token. */
export function signInAs(role: string, token = fakeToken(role)) {
  authStore.getState().signIn(token, { id: 99, name: `Test ${role}`, email: `${role}@example.org`, role });
}

export function signOut() {
  authStore.getState().signOut();
}

/** Routes every fetch of the page to `api` (a fresh fake with demo users by default). */
export function installFakeApi(api = new FakeUsersApi(), held?: HeldCalls): FakeUsersApi {
  return installSharedFakeApi(api, held);
}

export { setScreen } from 'shared-contracts/testing/render';
export { HeldCalls };
