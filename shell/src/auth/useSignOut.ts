import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { authStore, logout } from 'shared-contracts';

/**
 * Logout (header dropdown and sidebar): forget token and user, go to `/` (docs/product.md#layout),
 * and end the session on the server, so the token stops working everywhere at once (ADR 0053). The
 * page does not wait for that call: a network failure still signs out this browser, and the call
 * (sent with `keepalive`) still goes when the tab is closed right after.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const { token } = authStore.getState();
    authStore.getState().logout();
    navigate('/');
    if (token) logout(token).catch(() => undefined);
  }, [navigate]);
}
