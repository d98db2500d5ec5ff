import { Navigate, useLocation } from 'react-router-dom';
import {
  isEnrolmentDue,
  landingRoute,
  MFA_ENROLMENT_ROUTE,
  MFA_ENROLMENT_STATE,
  useAuth,
} from 'shared-contracts';
import { afterSignInRoute } from '../rules/afterSignIn';
import { LoginPage } from './LoginPage';

/**
 * `/`: the public landing and login target. Someone already signed in goes straight to their
 * role's landing route (docs/product.md#after-sign-in), or back to the staff screen that sent them here.
 * A sign-in whose user must set up a second factor first goes to do so instead of the landing
 * route (ADR 0054): the stored token re-renders this page before the sign-in screen leads on.
 */
export function HomePage() {
  const role = useAuth((state) => (state.token && state.user ? state.user.role : null));
  const { state } = useLocation();
  if (role === null) return <LoginPage />;
  const next = afterSignInRoute(role, state);
  if (isEnrolmentDue() && next === landingRoute(role)) {
    return <Navigate to={MFA_ENROLMENT_ROUTE} replace state={MFA_ENROLMENT_STATE} />;
  }
  return <Navigate to={next} replace />;
}
