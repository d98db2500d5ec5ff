import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from 'shared-contracts';

/**
 * Staff screens need a session (a token and a user in the shared store). The first description of the product leaves
 * guarding open; a help desk must not show staff screens to strangers, so without a session the
 * visitor goes to `/`, the sign-in screen. The api still checks every call: this only keeps the
 * screens away.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useAuth((state) => Boolean(state.token && state.user));
  return signedIn ? children : <Navigate to="/" replace />;
}
