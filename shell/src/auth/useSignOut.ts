import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { authStore } from 'shared-contracts';

/** Logout (header dropdown and sidebar): forget token and user, then go to `/` (docs/product.md#layout). */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    authStore.getState().logout();
    navigate('/');
  }, [navigate]);
}
