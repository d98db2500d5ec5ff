/**
 * The one auth store of the page. Module Federation shares shared-contracts as a singleton, so
 * the shell and every remote read and write this same instance.
 * Persisted under the spec's localStorage keys: `token` (the raw bearer token) and `user` (JSON).
 */
import { createStore, useStore } from 'zustand';

export interface StoredUser {
  id: number;
  name: string;
  email: string;
  /** Always lowercase; `customer` when unknown. */
  role: string;
  city?: string | null;
}

export interface AuthState {
  token: string | null;
  user: StoredUser | null;
  signIn: (token: string, user: StoredUser) => void;
  signOut: () => void;
}

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export function normaliseRole(role: string | null | undefined): string {
  const trimmed = role?.trim().toLowerCase();
  return trimmed ? trimmed : 'customer';
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame): the session lives in memory only
  }
}

function readStoredUser(): StoredUser | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredUser>;
    if (typeof parsed.id !== 'number' || typeof parsed.email !== 'string') return null;
    return {
      id: parsed.id,
      name: typeof parsed.name === 'string' ? parsed.name : '',
      email: parsed.email,
      role: normaliseRole(parsed.role),
      city: parsed.city ?? null,
    };
  } catch {
    return null;
  }
}

export const authStore = createStore<AuthState>()((set) => ({
  token: storage()?.getItem(TOKEN_KEY) ?? null,
  user: readStoredUser(),
  signIn: (token, user) => {
    const normalised = { ...user, role: normaliseRole(user.role) };
    storage()?.setItem(TOKEN_KEY, token);
    storage()?.setItem(USER_KEY, JSON.stringify(normalised));
    set({ token, user: normalised });
  },
  signOut: () => {
    storage()?.removeItem(TOKEN_KEY);
    storage()?.removeItem(USER_KEY);
    set({ token: null, user: null });
  },
}));

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

// Another tab signing in or out changes localStorage: follow it so tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== USER_KEY && event.key !== null) return;
    authStore.setState({ token: storage()?.getItem(TOKEN_KEY) ?? null, user: readStoredUser() });
  });
}
