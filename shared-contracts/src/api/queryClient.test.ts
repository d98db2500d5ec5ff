import { authStore } from '../auth/authStore';
import { queryClient } from './queryClient';

const user = { id: 1, name: 'Asha', email: 'asha@x.co', role: 'admin' };

afterEach(() => authStore.getState().signOut());

describe("the page's one query cache", () => {
  it('forgets every answer when the session ends or changes hands', () => {
    authStore.getState().signIn('first-token', user);
    queryClient.setQueryData(['tickets', 'stats'], { total: 3 });
    authStore.getState().signIn('second-token', { ...user, id: 2 });
    expect(queryClient.getQueryData(['tickets', 'stats'])).toBeUndefined();

    queryClient.setQueryData(['tickets', 'stats'], { total: 4 });
    authStore.getState().signOut();
    expect(queryClient.getQueryData(['tickets', 'stats'])).toBeUndefined();
  });

  it('keeps what a visitor loaded when someone signs in on the page', () => {
    queryClient.setQueryData(['cities', 'list'], { cities: [] });
    authStore.getState().signIn('token', user);
    expect(queryClient.getQueryData(['cities', 'list'])).toEqual({ cities: [] });
  });
});
