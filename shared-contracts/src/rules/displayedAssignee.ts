import { isResolved } from './ticketStatus';

const NAMES: Record<string, string> = {
  CityPresident: 'City President',
  Admin: 'Admin',
  Observer: 'Office Bearer',
  Convenor: 'Convenor',
};

/**
 * docs/product.md#displayed-assignee of the public views: 'Completed' when resolved; else the person
 * for CityPresident, Admin, Observer and Convenor; anything else its own value, or 'Unknown'.
 */
export function displayedAssignee(
  status: string | null | undefined,
  currentAssignee: string | null | undefined,
): string {
  if (isResolved(status)) return 'Completed';
  if (!currentAssignee) return 'Unknown';
  return NAMES[currentAssignee] ?? currentAssignee;
}
