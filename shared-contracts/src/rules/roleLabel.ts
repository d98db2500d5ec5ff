import { normaliseRole } from './normaliseRole';

/** How each role is named to users (docs/product.md#overview, docs/product.md#roles: the observer is shown as Office Bearer). */
const LABELS: Record<string, string> = {
  admin: 'Admin',
  credaipresident: 'Credai President',
  citypresident: 'City President',
  governor: 'Governor',
  observer: 'Office Bearer',
  convenor: 'Convenor',
  customer: 'Customer',
};

/** The display name of a role; an unknown role is shown as it was given. */
export function roleLabel(role: string | null | undefined): string {
  // normaliseRole gives 'customer' for a blank role, so a miss always has text of its own.
  return LABELS[normaliseRole(role)] ?? String(role).trim();
}
