/**
 * Who sees the reports (docs/product.md#reports): the admin and the association president every
 * chapter and the league table; a chapter's city president, convenor and office bearer their own
 * chapter only (the api answers with it whatever is asked); every other role is told it has no
 * access. The api is the authority: a 403 from it shows the same state.
 */
import { CITY_SCOPED_ROLES, normaliseRole } from 'shared-contracts';

export type ReportAccess = 'all' | 'city' | 'none';

export function reportAccess(role: string | null | undefined): ReportAccess {
  const normalised = normaliseRole(role);
  if (normalised === 'admin' || normalised === 'credaipresident') return 'all';
  return (CITY_SCOPED_ROLES as readonly string[]).includes(normalised) ? 'city' : 'none';
}
