import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { onUnauthorized } from 'shared-contracts';

/**
 * Registered once at the shell root: when any call of the shell or of a remote gets a 401 for
 * the stored token, the shared client has already signed out; this sends the user to `/`.
 */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  useEffect(() => {
    const unsubscribe = onUnauthorized(() => navigateRef.current('/', { replace: true }));
    return () => {
      unsubscribe();
    };
  }, []);
}
