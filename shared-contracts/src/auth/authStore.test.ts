import { act, renderHook } from '@testing-library/react';
import type * as AuthModule from './authStore';
import { authStore as sharedStore, useAuth as useSharedAuth } from './authStore';

type Auth = typeof AuthModule;

/** A fresh copy of the store module, as a page loading with this localStorage would get. */
function loadStore(): Auth {
  let loaded: Auth | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<Auth>('./authStore');
  });
  return loaded as Auth;
}

beforeEach(() => localStorage.clear());

describe('restoring the session from localStorage (keys token and user)', () => {
  it.each<[string, string | null, string | null, object]>([
    ['nothing stored', null, null, { token: null, user: null }],
    [
      'a stored session',
      'tok',
      JSON.stringify({ id: 4, name: 'Asha', email: 'a@x.co', role: 'CityPresident', city: 'Pune' }),
      { token: 'tok', user: { id: 4, name: 'Asha', email: 'a@x.co', role: 'citypresident', city: 'Pune' } },
    ],
    [
      'a user without name, role and city',
      'tok',
      JSON.stringify({ id: 4, email: 'a@x.co' }),
      { token: 'tok', user: { id: 4, name: '', email: 'a@x.co', role: 'customer', city: null } },
    ],
    ['a user without id', 'tok', JSON.stringify({ email: 'a@x.co' }), { token: 'tok', user: null }],
    ['a user that is null', 'tok', 'null', { token: 'tok', user: null }],
    ['a user that is not JSON', 'tok', '{oops', { token: 'tok', user: null }],
  ])('%s', (_name, token, user, expected) => {
    if (token !== null) localStorage.setItem('token', token);
    if (user !== null) localStorage.setItem('user', user);
    const { authStore } = loadStore();
    expect(authStore.getState()).toMatchObject(expected);
  });

  it('works in memory when localStorage is unavailable', () => {
    const spy = jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const { authStore } = loadStore();
    authStore.getState().signIn('tok', { id: 1, name: 'A', email: 'a@b.co', role: 'admin' });
    expect(authStore.getState().token).toBe('tok');
    spy.mockRestore();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('login and logout', () => {
  it('login stores token and user: name from fullName, role lowercased', () => {
    const { authStore, currentRole } = loadStore();
    const user = authStore.getState().login({
      token: 'tok',
      user: { id: 1, fullName: 'Admin One', email: 'admin@x.co', role: 'ADMIN' },
    });
    expect(user).toEqual({ id: 1, name: 'Admin One', email: 'admin@x.co', role: 'admin', city: null });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user') as string)).toEqual(user);
    expect(currentRole()).toBe('admin');
    authStore.getState().logout();
    expect(authStore.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('user')).toBeNull();
    expect(currentRole()).toBe('customer');
  });

  it('toStoredUser keeps the city and defaults the role', () => {
    const { toStoredUser } = loadStore();
    expect(toStoredUser({ id: 2, fullName: 'C', email: 'c@x.co', role: '', city: 'Pune' })).toEqual({
      id: 2,
      name: 'C',
      email: 'c@x.co',
      role: 'customer',
      city: 'Pune',
    });
  });

  it('useAuth re-renders on change', () => {
    sharedStore.getState().signOut();
    const { result } = renderHook(() => useSharedAuth((state) => state.user?.name ?? null));
    expect(result.current).toBeNull();
    act(() => {
      sharedStore.getState().signIn('tok', { id: 1, name: 'Asha', email: 'a@x.co', role: 'Observer' });
    });
    expect(result.current).toBe('Asha');
    expect(sharedStore.getState().user?.role).toBe('observer');
  });
});

describe('other tabs', () => {
  it.each<[string, string | null, boolean]>([
    ['token', 'token', true],
    ['user', 'user', true],
    ['storage cleared', null, true],
    ['an unrelated key', 'theme', false],
  ])('a storage event for %s follows: %p', (_name, key, follows) => {
    const { authStore } = loadStore();
    localStorage.setItem('token', 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(authStore.getState().token).toBe(follows ? 'from-other-tab' : null);
  });
});
