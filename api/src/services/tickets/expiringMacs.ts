/**
 * Stateless, expiring signatures under the token secret (docs/security.md "Links"): the view links
 * of stored files (viewLinks.ts) and the outcome links of the rating emails (outcomeLinks.ts). A
 * signature is `{expiresAtSeconds}.{base64url HMAC-SHA256(subject, expiry)}` under a key derived
 * from the secret with the user's own label, so no kind of link (nor a token) is valid as another.
 * Expiry reads the api's one clock; the MAC is compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';

const SIGNED = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export class ExpiringMacs {
  private readonly key: Buffer;

  constructor(
    secret: string,
    /** Names the kind of link: its own key, derived from the secret. */
    label: string,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', secret).update(label).digest();
  }

  /** The clock's now in whole seconds, the unit of an expiry. */
  nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private mac(subject: string, expiresAt: number): Buffer {
    return createHmac('sha256', this.key).update(`${subject}\n${expiresAt}`).digest();
  }

  /** `{expiresAt}.{mac}`: opens `subject` until `expiresAt` (seconds since the epoch). */
  sign(subject: string, expiresAt: number): string {
    return `${expiresAt}.${this.mac(subject, expiresAt).toString('base64url')}`;
  }

  /**
   * The expiry of `signed` when it is this subject's signature and not expired yet, else null (a
   * wrong shape, a wrong MAC and an expired one alike).
   */
  check(subject: string, signed: string): number | null {
    const match = SIGNED.exec(signed);
    if (!match) return null;
    const expiresAt = Number(match[1]);
    const given = Buffer.from(match[2] ?? '', 'base64url');
    const expected = this.mac(subject, expiresAt);
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    return valid && expiresAt >= this.nowSeconds() ? expiresAt : null;
  }
}
