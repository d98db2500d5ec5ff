/**
 * The one auth store of the page. Module Federation shares shared-contracts as a singleton, so
 * the shell and every remote read and write this same instance.
 * Persisted under the product's localStorage keys: `token` (the raw bearer token) and `user` (JSON).
 */
import { createStore, useStore } from 'zustand';
import { normaliseRole } from '../rules/normaliseRole';
import { TOKEN_KEY, USER_KEY } from './storageKeys';

/** docs/product.md#data stored user: id, name (from fullName), email, role (lowercased); the dashboard reads city. */
export interface StoredUser {
  id: number;
  name: string;
  email: string;
  /** Always lowercase; `customer` when unknown. */
  role: string;
  city?: string | null;
}

/** The login answer as the store needs it (docs/product.md#data Login response). */
export interface LoginAnswer {
  token: string;
  user: { id: number; fullName: string; email: string; role: string; city?: string | null };
}

export interface AuthState {
  token: string | null;
  user: StoredUser | null;
  /** Stores a login answer (token and user) and returns the stored user. */
  login: (answer: LoginAnswer) => StoredUser;
  /** Forgets the token and the user. */
  logout: () => void;
  signIn: (token: string, user: StoredUser) => void;
  signOut: () => void;
}

export { normaliseRole, TOKEN_KEY, USER_KEY };

/** The stored user of a login answer's user: name from fullName, role lowercased. */
export function toStoredUser(user: LoginAnswer['user']): StoredUser {
  return {
    id: user.id,
    name: user.fullName,
    email: user.email,
    role: normaliseRole(user.role),
    city: user.city ?? null,
  };
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
    const parsed = JSON.parse(raw) as Partial<StoredUser> | null;
    if (typeof parsed?.id !== 'number' || typeof parsed.email !== 'string') return null;
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

/** Reads the session from localStorage (at start, and when another tab changes it). */
export function readSession(): { token: string | null; user: StoredUser | null } {
  return { token: storage()?.getItem(TOKEN_KEY) ?? null, user: readStoredUser() };
}

export const authStore = createStore<AuthState>()((set, get) => ({
  ...readSession(),
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
  login: (answer) => {
    const user = toStoredUser(answer.user);
    get().signIn(answer.token, user);
    return user;
  },
  logout: () => get().signOut(),
}));

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

/** The signed-in role, lowercased; customer when nobody is signed in (docs/product.md#roles). */
export function currentRole(): string {
  return normaliseRole(authStore.getState().user?.role);
}

// Another tab signing in or out changes localStorage: follow it so tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== USER_KEY && event.key !== null) return;
    authStore.setState(readSession());
  });
}
