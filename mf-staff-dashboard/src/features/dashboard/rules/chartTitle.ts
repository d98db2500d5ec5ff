import { normaliseRole } from 'shared-contracts';

/** docs/product.md#dashboard: the title of the city chart panel by role. */
const TITLES: Record<string, string> = {
  citypresident: 'Tickets in Your City',
  convenor: 'Tickets in Your City',
  governor: 'Tickets Awaiting Your Review',
  observer: 'Tickets Assigned to You',
  admin: 'Tickets by City',
  credaipresident: 'Tickets by City',
};

export function chartTitle(role: string | null | undefined): string {
  return TITLES[normaliseRole(role)] ?? 'Your Tickets';
}
