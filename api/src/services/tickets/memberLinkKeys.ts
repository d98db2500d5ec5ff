/**
 * /track's member link (ADR 0052): a request for a member's address, by whoever, sends the
 * member's live link again instead of replacing it, so a stranger who knows the address cannot
 * break the member's saved link. A live key derived from the api's secret (linkKeys.ts) is
 * recomputed; a key issued only when none is live, or when the live one cannot be recomputed (a
 * random key from before keys were derived).
 */
import { eq } from 'drizzle-orm';
import type { Writer } from '../../db/database';
import { users } from '../../db/schema';
import { hashSecret, memberUrlOf } from './keys';
import { derivedMemberSecret, issueMemberKey, LIVE_MEMBER_KEY_HASH } from './linkKeys';

/** The member's live link, else a new one; null for no such member. */
export async function currentOrNewMemberLink(tx: Writer, memberId: number): Promise<string | null> {
  const [member] = await tx
    .select({ live: LIVE_MEMBER_KEY_HASH, expiresAt: users.accessKeyExpiresAt })
    .from(users)
    .where(eq(users.id, memberId));
  if (!member) return null;
  const secret = member.live && member.expiresAt ? derivedMemberSecret(memberId, member.expiresAt) : null;
  if (secret && hashSecret(secret) === member.live) return memberUrlOf(memberId, secret);
  return issueMemberKey(tx, memberId);
}
