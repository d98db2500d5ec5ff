import { normaliseStatus } from 'shared-contracts';

export type MemberOutcome = { label: 'Rejection Reason' | 'Resolution Method'; text: string } | null;

/** docs/product.md#member-status-card member card: 'Your ticket is in review.' when approved or in-review, else nothing. */
export function memberStatusNote(status: string | null | undefined): string | null {
  const normalised = normaliseStatus(status);
  return normalised === 'approved' || normalised === 'in-review' ? 'Your ticket is in review.' : null;
}

/** docs/product.md#member-status-card member card box: the rejection reason of a rejected ticket, the method of a resolved one. */
export function memberOutcome(ticket: {
  status?: string | null;
  rejectionReason?: string | null;
  resolutionMethod?: string | null;
}): MemberOutcome {
  const status = normaliseStatus(ticket.status);
  if (status === 'rejected' && ticket.rejectionReason?.trim())
    return { label: 'Rejection Reason', text: ticket.rejectionReason };
  if (status === 'resolved' && ticket.resolutionMethod?.trim())
    return { label: 'Resolution Method', text: ticket.resolutionMethod };
  return null;
}
