import { act, screen } from '@testing-library/react';
import type { RemotePages } from '../routing/remoteRoutes';
import { mountStandalone } from './mountStandalone';

const pages: RemotePages<'userAdmin'> = {
  '/users': () => <h1>User Management</h1>,
  '/activity': () => <h1>Users</h1>,
  '/messages': () => <h1>Failed messages</h1>,
  '/chapters': () => <h1>Chapters</h1>,
  '/integrations': () => <h1>Integrations</h1>,
  '/privacy': () => <h1>Personal data</h1>,
};

afterEach(() => {
  document.body.innerHTML = '';
  window.history.pushState({}, '', '/');
});

test('renders the remote page of the current path', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  window.history.pushState({}, '', '/activity');
  const root = await act(async () => mountStandalone('userAdmin', pages));
  expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
  act(() => root.unmount());
});

test('sends an unknown path to the remote first route', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  window.history.pushState({}, '', '/elsewhere');
  const root = await act(async () => mountStandalone('userAdmin', pages));
  expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/users');
  act(() => root.unmount());
});

test('refuses a page without a #root element', () => {
  expect(() => mountStandalone('userAdmin', pages)).toThrow('The page has no #root element');
});
