import { landingRoute, normaliseRole } from 'shared-contracts';

/**
 * What the sign-in screen remembers about the staff screen that sent the visitor there (router
 * state, set by `RequireSession`): its path with its query, so a link such as
 * `/dashboard?ticket=42` from a staff email opens that ticket once signed in
 * (docs/architecture.md#conversation-and-notifications).
 */
export interface SignInState {
  from?: string;
}

/** A path of this site (`/x…`): never another origin (`//host`, `https:`), never `/` itself. */
function isReturnPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/[^/\\]/.test(value);
}

/**
 * Where a signed-in user goes: back to the staff screen they asked for, or else their role's
 * landing route (docs/product.md#after-sign-in). A member (customer) always lands on their own
 * route: staff screens are not theirs.
 */
export function afterSignInRoute(role: string | null | undefined, state: unknown): string {
  const from = (state as SignInState | null | undefined)?.from;
  if (normaliseRole(role) !== 'customer' && isReturnPath(from)) return from;
  return landingRoute(role);
}
