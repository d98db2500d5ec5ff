import { canSeeUserManagement, useAuth } from 'shared-contracts';

/**
 * Who may open the user screens, as far as the page can tell (docs/product.md#roles: only Admin and unknown
 * roles get the Users menu). The api is the authority: it refuses every user call to anyone but an
 * admin (403), and the screens show the same 'not allowed' state for that answer.
 */
export function useAdminAccess(): { allowed: boolean; role: string | undefined } {
  const role = useAuth((state) => state.user?.role);
  return { allowed: canSeeUserManagement(role), role };
}
