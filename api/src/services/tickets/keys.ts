/**
 * The secrets of the private links (docs/architecture.md#security-decisions): a ticket's share link
 * (`/ticket-detail/{id}#key=…`) and a member's list (`/tickets/{userId}#key=…`). Each secret is
 * 32 random bytes in base64url; only its sha256 is stored, and a presented key is compared with
 * the stored hash in constant time. A check does the same work whether or not there is a hash to
 * compare with, so a missing ticket and a wrong key take as long.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sitePaths } from 'shared-contracts/contracts';

const SECRET_BYTES = 32;
/** Longest header value worth hashing: a real key has 43 characters. */
const MAX_PRESENTED_LENGTH = 256;

/** A new secret: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/** What is stored of a secret: its sha256, base64url. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** Compared with when there is no stored hash, so that case takes as long as a wrong key. */
const UNMATCHABLE = createHash('sha256').update(randomBytes(SECRET_BYTES)).digest();

function digestOf(storedHash: string | null | undefined): { digest: Buffer; real: boolean } {
  if (!storedHash) return { digest: UNMATCHABLE, real: false };
  const digest = Buffer.from(storedHash, 'base64url');
  return digest.length === UNMATCHABLE.length ? { digest, real: true } : { digest: UNMATCHABLE, real: false };
}

/**
 * True when `presented` (the `X-Access-Key` header, any shape) is the secret whose hash is
 * `storedHash`. Hashing first makes the comparison length-independent; `timingSafeEqual` makes it
 * constant-time.
 */
export function secretMatches(
  presented: string | null | undefined,
  storedHash: string | null | undefined,
): boolean {
  const text = typeof presented === 'string' && presented.length <= MAX_PRESENTED_LENGTH ? presented : '';
  const candidate = createHash('sha256').update(text, 'utf8').digest();
  const { digest, real } = digestOf(storedHash);
  const equal = timingSafeEqual(candidate, digest);
  return equal && real && text.length > 0;
}

/** The share link of a ticket (a path of the site; the key stays in the fragment). */
export function shareUrlOf(ticketId: number, secret: string): string {
  return sitePaths.ticketDetail(ticketId, secret);
}

/** The private list of a member's tickets. */
export function memberUrlOf(userId: number, secret: string): string {
  return sitePaths.memberTickets(userId, secret);
}
