import type { TicketAction } from 'shared-contracts/contracts';
import { normaliseStatus } from 'shared-contracts/contracts';

/** docs/product.md#action-names: Approved → approve, Rejected → reject, Resolved → resolve, in-review → review. */
const ACTIONS: Record<string, TicketAction> = {
  approved: 'approve',
  rejected: 'reject',
  resolved: 'resolve',
  'in-review': 'review',
};

/** The action that moves a ticket to `status`, or null when no action does (pending, unknown). */
export function actionForStatus(status: string | null | undefined): TicketAction | null {
  return ACTIONS[normaliseStatus(status)] ?? null;
}
