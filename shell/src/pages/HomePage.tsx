import { Navigate } from 'react-router-dom';
import { landingRoute, useAuth } from 'shared-contracts';
import { LoginPage } from './LoginPage';

/**
 * `/`: the public landing and login target. Someone already signed in goes straight to their
 * role's landing route (docs/product.md#after-sign-in).
 */
export function HomePage() {
  const role = useAuth((state) => (state.token && state.user ? state.user.role : null));
  if (role !== null) return <Navigate to={landingRoute(role)} replace />;
  return <LoginPage />;
}
