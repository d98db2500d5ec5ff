import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from 'shared-contracts';
import { afterSignInRoute } from '../rules/afterSignIn';
import { LoginPage } from './LoginPage';

/**
 * `/`: the public landing and login target. Someone already signed in goes straight to their
 * role's landing route (docs/product.md#after-sign-in), or back to the staff screen that sent them here.
 */
export function HomePage() {
  const role = useAuth((state) => (state.token && state.user ? state.user.role : null));
  const { state } = useLocation();
  if (role !== null) return <Navigate to={afterSignInRoute(role, state)} replace />;
  return <LoginPage />;
}
