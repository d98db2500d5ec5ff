import { normaliseRole } from './normaliseRole';

/**
 * docs/product.md#after-sign-in: customer goes to /add-ticket; admin, credaipresident, citypresident,
 * governor, observer and any other role go to /dashboard.
 */
export function landingRoute(role: string | null | undefined): '/dashboard' | '/add-ticket' {
  return normaliseRole(role) === 'customer' ? '/add-ticket' : '/dashboard';
}
