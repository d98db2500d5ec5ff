import { normaliseRole } from 'shared-contracts';

/** docs/product.md#dashboard: the title by role (role compared case-insensitively). */
const TITLES: Record<string, string> = {
  admin: 'Admin Dashboard',
  citypresident: 'City President Dashboard',
  credaipresident: 'Credai President Dashboard',
  convenor: 'Convenor Dashboard',
  observer: 'Office Bearer Dashboard',
};

export function dashboardTitle(role: string | null | undefined): string {
  return TITLES[normaliseRole(role)] ?? 'Help Desk';
}
