import { normaliseStatus } from './ticketStatus';

export type BadgeVariant = 'warning' | 'primary' | 'success' | 'danger' | 'info' | 'secondary';
/** Which screen the badge is on: the list's details dialog or the member status card. */
export type BadgeScreen = 'list' | 'member';

const LIST: Record<string, BadgeVariant> = {
  pending: 'warning',
  approved: 'primary',
  resolved: 'success',
  rejected: 'danger',
  'in-review': 'info',
};
const MEMBER: Record<string, BadgeVariant> = {
  resolved: 'success',
  approved: 'primary',
  'in-review': 'primary',
  rejected: 'danger',
  pending: 'warning',
};

/**
 * docs/product.md#ticket-states badge colours per screen. List dialog: pending warning, approved primary, resolved
 * success, rejected danger, in-review info. Member card: in-review is primary like approved.
 * An unknown status is secondary.
 */
export function statusBadgeVariant(status: string | null | undefined, screen: BadgeScreen): BadgeVariant {
  const table = screen === 'list' ? LIST : MEMBER;
  return table[normaliseStatus(status)] ?? 'secondary';
}

/** The Mantine colour of each variant. */
export const BADGE_VARIANT_COLORS: Record<BadgeVariant, string> = {
  warning: 'yellow',
  primary: 'blue',
  success: 'green',
  danger: 'red',
  info: 'cyan',
  secondary: 'gray',
};

export function statusBadgeColor(status: string | null | undefined, screen: BadgeScreen): string {
  return BADGE_VARIANT_COLORS[statusBadgeVariant(status, screen)];
}
