// Signing a test user in, as the shell's login would (the one auth store of the page). Test code only.
import { authStore } from '../src/auth/authStore';

/** The names the demo accounts carry (shown in the header, the sidebar and greetings). */
export const DEMO_NAMES: Record<string, string> = {
  admin: 'Asha Admin',
  credaipresident: 'Prakash President',
  citypresident: 'Pune President',
  governor: 'Gita Governor',
  observer: 'Pune Observer',
  convenor: 'Pune Convenor',
  customer: 'Ravi Member',
};

/** The token the in-memory apis of the tests read their caller from: `fake:{role}:{city}`. */
export const fakeToken = (role: string, city: string | null = null) => `fake:${role}:${city ?? ''}`;

/** The role and city a fake token names, or null for any other token. */
export function callerOf(authorization: string | null): { role: string; city: string | null } | null {
  const match = /^Bearer fake:([^:]*):(.*)$/.exec(authorization ?? '');
  return match ? { role: match[1] as string, city: match[2] || null } : null;
}

/** Signs a user of `role` (of `city`) into the shared store. */
export function signInAs(
  role: string,
  city: string | null = null,
  { name = DEMO_NAMES[role] ?? 'Someone Else', token = fakeToken(role, city) } = {},
) {
  authStore.getState().signIn(token, { id: 7, name, email: `${role}@helpdesk.demo`, role, city });
}

export function signOut() {
  authStore.getState().signOut();
}
