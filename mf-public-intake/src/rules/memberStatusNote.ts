import { normaliseStatus } from 'shared-contracts';

/** Which box the member card shows: its label is `ticket.outcome.{kind}`. */
export type MemberOutcome = { kind: 'rejectionReason' | 'resolutionMethod'; text: string } | null;

/** docs/product.md#member-status-card member card: 'Your ticket is in review.' (its key) when approved or in-review, else nothing. */
export function memberStatusNote(status: string | null | undefined): string | null {
  const normalised = normaliseStatus(status);
  return normalised === 'approved' || normalised === 'in-review' ? 'ticket.inReviewNote' : null;
}

/** docs/product.md#member-status-card member card box: the rejection reason of a rejected ticket, the method of a resolved one. */
export function memberOutcome(ticket: {
  status?: string | null;
  rejectionReason?: string | null;
  resolutionMethod?: string | null;
}): MemberOutcome {
  const status = normaliseStatus(ticket.status);
  if (status === 'rejected' && ticket.rejectionReason?.trim())
    return { kind: 'rejectionReason', text: ticket.rejectionReason };
  if (status === 'resolved' && ticket.resolutionMethod?.trim())
    return { kind: 'resolutionMethod', text: ticket.resolutionMethod };
  return null;
}
