/**
 * Short-lived view links of stored files (docs/security.md "Attachments in the browser"): the View
 * button opens the file from its own server URL in a new tab, which cannot send the session's token
 * or the link's key. So the page first asks for a view link (`POST /files/view-link`, checked like a
 * download, recorded in the audit trail) and opens `/uploads/{kind}s/{name}?view={expiry}.{mac}`:
 * an HMAC of the file and the expiry, good for VIEW_LINK_SECONDS, under a key derived from the
 * token secret. It opens that one file and nothing else, for a minute.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';
import type { StoredKind } from './storage';

/** How long a view link opens its file: long enough for the new tab to load it. */
export const VIEW_LINK_SECONDS = 60;

export class ViewLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    // A key of its own, so a view link's MAC is never a valid token signature or vice versa.
    this.key = createHmac('sha256', secret).update('helpdesk file view links v1').digest();
  }

  private mac(kind: StoredKind, name: string, expiresAt: number): Buffer {
    return createHmac('sha256', this.key).update(`${kind}\n${name}\n${expiresAt}`).digest();
  }

  /** The `view` value that opens this file until VIEW_LINK_SECONDS from now. */
  issue(kind: StoredKind, name: string): string {
    const expiresAt = Math.floor(this.clock.now().getTime() / 1000) + VIEW_LINK_SECONDS;
    return `${expiresAt}.${this.mac(kind, name, expiresAt).toString('base64url')}`;
  }

  /** Whether `view` opens this file now (right file, right MAC, not expired). */
  opens(kind: StoredKind, name: string, view: string): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(view);
    if (!match) return false;
    const expiresAt = Number(match[1]);
    const given = Buffer.from(match[2] ?? '', 'base64url');
    const expected = this.mac(kind, name, expiresAt);
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    return valid && expiresAt >= Math.floor(this.clock.now().getTime() / 1000);
  }
}
