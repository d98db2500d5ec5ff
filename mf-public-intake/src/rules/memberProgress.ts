import { normaliseStatus } from 'shared-contracts';

/** The steps of the member card's progress bar (docs/product.md#member-status-card): Pending, In Review, Resolved. */
export const MEMBER_PROGRESS_STEPS = [
  'common:status.pending',
  'common:status.in-review',
  'common:status.resolved',
] as const;

export interface MemberProgress {
  /** Index into MEMBER_PROGRESS_STEPS (a rejected ticket is on the last). */
  step: 0 | 1 | 2;
  percent: 0 | 50 | 100;
  /** The catalogue key of the step's name. */
  label: string;
  rejected: boolean;
  color: 'blue' | 'green' | 'red';
}

/**
 * docs/product.md#ticket-states: pending step 0 (0 %); in-review and approved step 1 (50 %, shown as In Review);
 * resolved step 2 (100 %); rejected a full red bar labelled Rejected.
 */
export function memberProgress(status: string | null | undefined): MemberProgress {
  switch (normaliseStatus(status)) {
    case 'in-review':
    case 'approved':
      return { step: 1, percent: 50, label: 'common:status.in-review', rejected: false, color: 'blue' };
    case 'resolved':
      return { step: 2, percent: 100, label: 'common:status.resolved', rejected: false, color: 'green' };
    case 'rejected':
      return { step: 2, percent: 100, label: 'common:status.rejected', rejected: true, color: 'red' };
    default:
      return { step: 0, percent: 0, label: 'common:status.pending', rejected: false, color: 'blue' };
  }
}
