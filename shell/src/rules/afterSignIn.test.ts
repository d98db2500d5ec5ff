import { afterSignInRoute } from './afterSignIn';

describe('where a signed-in user goes', () => {
  it.each([
    ['citypresident', { from: '/dashboard?ticket=42' }, '/dashboard?ticket=42'],
    ['admin', { from: '/users' }, '/users'],
    ['citypresident', undefined, '/dashboard'],
    ['citypresident', null, '/dashboard'],
    ['citypresident', {}, '/dashboard'],
    ['citypresident', { from: '/' }, '/dashboard'],
    ['citypresident', { from: '//evil.example/dashboard' }, '/dashboard'],
    ['citypresident', { from: '/\\evil.example' }, '/dashboard'],
    ['citypresident', { from: 'https://evil.example/' }, '/dashboard'],
    ['citypresident', { from: 42 }, '/dashboard'],
    ['customer', { from: '/dashboard?ticket=42' }, '/add-ticket'],
    [null, { from: '/dashboard' }, '/add-ticket'],
  ])('%p coming from %p goes to %p', (role, state, route) => {
    expect(afterSignInRoute(role, state)).toBe(route);
  });
});
