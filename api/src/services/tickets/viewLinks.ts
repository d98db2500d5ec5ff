/**
 * Short-lived view links of stored files (docs/security.md "Attachments in the browser"): the View
 * button opens the file from its own server URL in a new tab, which cannot send the session's token
 * or the link's key. So the page first asks for a view link (`POST /files/view-link`, checked like a
 * download, recorded in the audit trail) and opens `/uploads/{kind}s/{name}?view={expiry}.{mac}`:
 * an HMAC of the file and the expiry, good for VIEW_LINK_SECONDS, under a key derived from the
 * token secret. It opens that one file and nothing else, for a minute.
 */
import type { Clock } from '../clock';
import { ExpiringMacs } from './expiringMacs';
import type { StoredKind } from './storage';

/** How long a view link opens its file: long enough for the new tab to load it. */
export const VIEW_LINK_SECONDS = 60;

export class ViewLinks {
  // A key of its own, so a view link's MAC is never a valid token signature or vice versa.
  private readonly macs: ExpiringMacs;

  constructor(secret: string, clock: Clock) {
    this.macs = new ExpiringMacs(secret, 'helpdesk file view links v1', clock);
  }

  /** The `view` value that opens this file until VIEW_LINK_SECONDS from now. */
  issue(kind: StoredKind, name: string): string {
    return this.macs.sign(`${kind}\n${name}`, this.macs.nowSeconds() + VIEW_LINK_SECONDS);
  }

  /** Whether `view` opens this file now (right file, right MAC, not expired). */
  opens(kind: StoredKind, name: string, view: string): boolean {
    return this.macs.check(`${kind}\n${name}`, view) !== null;
  }
}
