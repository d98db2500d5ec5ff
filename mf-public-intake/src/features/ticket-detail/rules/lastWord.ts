/**
 * What the member's ticket page offers after the outcome (docs/architecture.md#the-members-last-word).
 * The server decides (`lastWord` on the ticket: its workflow table and its clock); these only
 * choose the texts.
 */
import { type AppealOutcome, isFinalStatus, type Ticket } from 'shared-contracts';

/**
 * The catalogue keys naming each choice of the stars (the radios' accessible names): Mantine's
 * Rating has a radio for 0 (no stars yet) before the five stars.
 */
export const STAR_LABELS = [
  'lastWord.rate.star0',
  'lastWord.rate.star1',
  'lastWord.rate.star2',
  'lastWord.rate.star3',
  'lastWord.rate.star4',
  'lastWord.rate.star5',
] as const;

/** Whether the page shows the last word's card: an outcome to rate, reopen or appeal, or an appeal to follow. */
export function showsLastWord(ticket: Pick<Ticket, 'status' | 'appeal' | 'closedAt'>): boolean {
  return isFinalStatus(ticket.status) || Boolean(ticket.appeal) || Boolean(ticket.closedAt);
}

/** An appeal's state as the member reads it: awaiting the decision, or the decision taken. */
export type AppealState = 'open' | AppealOutcome;

export function appealState(appeal: { outcome: AppealOutcome | null }): AppealState {
  return appeal.outcome ?? 'open';
}

/** The badge colour of each appeal state (ColorBadge's AA-safe shades). */
export const APPEAL_STATE_COLOR: Record<AppealState, string> = {
  open: 'yellow',
  upheld: 'green',
  remanded: 'blue',
  dismissed: 'gray',
};
