/**
 * Issuing and rotating the private links' keys (docs/security.md "Links", ADR 0031). A ticket has
 * one share key; a member has one member key, which expires MEMBER_KEY_LIFETIME_DAYS after it was
 * issued. Rotating a key replaces its hash, so the old link stops at the next request; the new
 * link is answered to the staff member who rotated it and goes to the member by email (the outbox).
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Writer } from '../../db/database';
import { tickets, users } from '../../db/schema';
import { hashSecret, memberUrlOf, newSecret, shareUrlOf } from './keys';

/** How long a member key opens the member's tickets: after that a new link is needed. */
export const MEMBER_KEY_LIFETIME_DAYS = 90;

const memberKeyExpiry = sql`now() + make_interval(days => ${MEMBER_KEY_LIFETIME_DAYS})`;

/**
 * The member's key hash while it is live, else null: the one place a member key's expiry is
 * read (in the database's clock, like every other time the access decision compares).
 */
export const LIVE_MEMBER_KEY_HASH = sql<
  string | null
>`case when ${users.accessKeyExpiresAt} > now() then ${users.accessKeyHash} end`;

/**
 * The key member keys are derived from (ADR 0052), set once at start from the api's secret (the
 * same on every instance). Unset (a tool without the app), keys are random, as before.
 */
let memberLinkSecret: string | null = null;

export function useDerivedMemberKeys(secret: string): void {
  memberLinkSecret = secret;
}

/**
 * The member's secret for a key that expires at `expiresAt`: HMAC-SHA256 of the member and the
 * expiry (43 characters, base64url), so the api can send a live link again without keeping it;
 * null when keys are random.
 */
export function derivedMemberSecret(memberId: number, expiresAt: Date): string | null {
  if (!memberLinkSecret) return null;
  return createHmac('sha256', memberLinkSecret)
    .update(`member-link:${memberId}:${expiresAt.getTime()}`)
    .digest('base64url');
}

/**
 * A fresh member key for this member (the old one stops at once); the new private link. Its expiry
 * is whole milliseconds (what the secret is derived from, read back exactly) and always later than
 * the previous one's, so a new key never equals the old.
 */
export async function issueMemberKey(db: Writer, userId: number): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({
      accessKeyExpiresAt: sql`greatest(date_trunc('milliseconds', ${memberKeyExpiry}),
        coalesce(${users.accessKeyExpiresAt}, '-infinity'::timestamptz) + interval '1 millisecond')`,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id, expiresAt: users.accessKeyExpiresAt });
  if (!row?.expiresAt) return null;
  const secret = derivedMemberSecret(row.id, row.expiresAt) ?? newSecret();
  await db
    .update(users)
    .set({ accessKeyHash: hashSecret(secret) })
    .where(eq(users.id, userId));
  return memberUrlOf(row.id, secret);
}

/** A member key when the member has none live (new, expired or revoked), else null. */
export async function issueMemberKeyIfNone(db: Writer, userId: number): Promise<string | null> {
  const [member] = await db.select({ live: LIVE_MEMBER_KEY_HASH }).from(users).where(eq(users.id, userId));
  return member && member.live === null ? issueMemberKey(db, userId) : null;
}

/** A fresh share key for the ticket (the old link stops at once); the new share link, or null. */
export async function rotateShareKey(db: Writer, ticketId: number): Promise<string | null> {
  const secret = newSecret();
  const [row] = await db
    .update(tickets)
    .set({ viewKeyHash: hashSecret(secret) })
    .where(eq(tickets.id, ticketId))
    .returning({ id: tickets.id });
  return row ? shareUrlOf(row.id, secret) : null;
}

/**
 * How the audit trail names a private link's key without storing it: its kind, what it opens
 * and the first characters of its hash (enough to tell a rotated key from its successor).
 */
export function linkKeyId(kind: 'share' | 'member', id: number, keyHash: string): string {
  return `${kind}:${id}:${keyHash.slice(0, 8)}`;
}
