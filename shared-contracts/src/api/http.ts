/**
 * The ky client every call goes through: one origin (`/api`), the bearer token from the auth
 * store, and one place that reacts to an expired or revoked session.
 */
import ky, { type KyInstance } from 'ky';
import { authStore } from '../auth/authStore';

export const API_BASE = '/api';

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The shell subscribes to navigate to `/` after a 401 signed the user out. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export const http: KyInstance = ky.create({
  // One origin in every mode (docs/architecture.md#topology): no host is compiled into a bundle.
  prefix: API_BASE,
  retry: 0,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const { token } = authStore.getState();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      ({ request, response }) => {
        // A 401 on a call that carried our token means the session is over (expired, revoked).
        if (response.status === 401 && request.headers.has('Authorization') && authStore.getState().token) {
          authStore.getState().signOut();
          for (const listener of unauthorizedListeners) listener();
        }
        return response;
      },
    ],
  },
});
