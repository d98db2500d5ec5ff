/**
 * The outcome link of the rating email (docs/security.md "Links", ADR 0042): a resolved or rejected
 * ticket's member is asked to rate it "by message and on the ticket's page, through the private
 * link" (docs/architecture.md#the-members-last-word). The ticket's share key is stored only as a
 * hash, and rotating it to email a fresh one would break the link the member already has, so the
 * email carries a signed key instead: `o.{expiresAtSeconds}.{mac}`, an HMAC of the ticket id, the
 * ticket's share-key hash and the expiry under a key of its own derived from the token secret.
 *
 * It opens that one ticket (as its share key does: the member's view, contact details masked)
 * until the last of its last-word windows ends, the rating window or the appeal window from the
 * outcome. Rotating the ticket's share key stops it too (its hash is signed). It never opens the
 * member's list nor another ticket.
 */
import { APPEAL_WINDOW_DAYS, sitePaths } from 'shared-contracts/contracts';
import type { Clock } from '../clock';
import { ExpiringMacs } from './expiringMacs';

const PREFIX = 'o.';
const DAY_SECONDS = 86_400;

/** The days an outcome link opens its ticket: the longer of the rating and appeal windows. */
export function outcomeLinkDays(ratingWindowDays: number): number {
  return Math.max(ratingWindowDays, APPEAL_WINDOW_DAYS);
}

/** The ticket's page with the outcome key (in the fragment, like the share link: keys.ts `shareUrlOf`). */
export function outcomeUrlOf(ticketId: number, key: string): string {
  return sitePaths.ticketDetail(ticketId, key);
}

function subjectOf(ticketId: number, viewKeyHash: string | null): string {
  return `${ticketId}\n${viewKeyHash ?? ''}`;
}

export class OutcomeLinks {
  private readonly macs: ExpiringMacs;

  constructor(secret: string, clock: Clock) {
    this.macs = new ExpiringMacs(secret, 'helpdesk outcome links v1', clock);
  }

  /** The key that opens the ticket until `days` after its outcome at `outcomeAt`. */
  issue(ticket: { id: number; viewKeyHash: string | null }, outcomeAt: Date, days: number): string {
    const expiresAt = Math.floor(outcomeAt.getTime() / 1000) + days * DAY_SECONDS;
    return `${PREFIX}${this.macs.sign(subjectOf(ticket.id, ticket.viewKeyHash), expiresAt)}`;
  }

  /**
   * The key's expiry when `presented` opens this ticket now, else null (another ticket's key, a
   * tampered or expired one, a share or member key, nothing). The MAC is computed for any
   * well-formed key, whether or not the ticket exists (the caller passes a stand-in then).
   */
  opens(ticket: { id: number; viewKeyHash: string | null }, presented: string | null): number | null {
    if (!presented?.startsWith(PREFIX)) return null;
    return this.macs.check(subjectOf(ticket.id, ticket.viewKeyHash), presented.slice(PREFIX.length));
  }
}
