// Helpers for the shell's component tests (never imported by the app itself).
import { useLocation } from 'react-router-dom';
import { authStore } from 'shared-contracts';

/** Shows where the router is, so a test can assert navigation as a user would see the URL. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

export const DEMO_NAMES: Record<string, string> = {
  admin: 'Asha Admin',
  credaipresident: 'Prakash President',
  citypresident: 'Pune President',
  governor: 'Gita Governor',
  observer: 'Pune Observer',
  convenor: 'Pune Convenor',
  customer: 'Ravi Member',
};

/** Signs a user of `role` into the shared store, as a successful login would. */
export function signInAs(role: string, name = DEMO_NAMES[role] ?? 'Someone Else') {
  authStore.getState().signIn('token-of-test', { id: 7, name, email: `${role}@helpdesk.demo`, role });
}

export function signOut() {
  authStore.getState().signOut();
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Every call the page makes gets `answer`; returns the spy to inspect the calls. */
export function answerFetch(answer: (request: Request) => Response | Promise<Response>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input as string, init);
    return answer(request);
  });
}

export { setScreen } from 'shared-contracts/testing/render';
