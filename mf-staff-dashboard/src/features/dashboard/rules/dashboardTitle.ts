import { normaliseRole } from 'shared-contracts';

/** docs/product.md#dashboard: the roles with a title of their own (texts: `dashboard.titles`). */
const TITLED = new Set(['admin', 'citypresident', 'credaipresident', 'convenor', 'observer']);

/** The catalogue key of the dashboard's title by role (role compared case-insensitively). */
export function dashboardTitle(role: string | null | undefined): string {
  const normalised = normaliseRole(role);
  return `dashboard.titles.${TITLED.has(normalised) ? normalised : 'other'}`;
}
