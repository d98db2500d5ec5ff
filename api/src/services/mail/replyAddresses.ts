/**
 * The reply address of a ticket (ADR 0059): `REPLY_ADDRESS` with a tag naming the ticket and signed,
 * `help+t{ticketId}-{mac}@example.org`. Every email to a member about a ticket carries it as its
 * Reply-To, so the member's mail app answers to it; the mailbox poller files a reply only when the
 * tag's MAC is the one this api computes for that ticket (an HMAC under a key derived from the api's
 * secret, the same on every instance). Lower-case hex: mail systems may change the case of an
 * address's local part.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The MAC's length in hex characters (80 bits: no one guesses a ticket's tag). */
const MAC_HEX = 20;

export interface ParsedReplyAddress {
  ticketId: number;
  mac: string;
}

/** `local@domain` of `Name <local@domain>` or of a bare address, lower case. */
export function bareAddress(address: string): string {
  return (/<([^>]*)>/.exec(address)?.[1] ?? address).trim().toLowerCase();
}

export class ReplyAddresses {
  private readonly key: Buffer;
  private readonly local: string;
  private readonly domain: string;

  constructor(
    secret: string,
    /** `help@example.org` (a display name is allowed: `Help Desk <help@example.org>`). */
    readonly address: string,
  ) {
    this.key = createHmac('sha256', secret).update('helpdesk reply addresses v1').digest();
    const bare = bareAddress(address);
    const at = bare.lastIndexOf('@');
    this.local = bare.slice(0, at);
    this.domain = bare.slice(at + 1);
  }

  private macOf(ticketId: number): string {
    return createHmac('sha256', this.key).update(`t${ticketId}`).digest('hex').slice(0, MAC_HEX);
  }

  /** The reply address of one ticket. */
  forTicket(ticketId: number): string {
    return `${this.local}+t${ticketId}-${this.macOf(ticketId)}@${this.domain}`;
  }

  /** Whether `address` is the mailbox itself or one of its tagged forms (a mail from us: a loop). */
  isOurs(address: string): boolean {
    const bare = bareAddress(address);
    return bare === `${this.local}@${this.domain}` || this.tagOf(bare) !== undefined;
  }

  /**
   * The tag of a recipient address of this mailbox, well formed but not yet checked; undefined for
   * any other address.
   */
  tagOf(address: string): ParsedReplyAddress | undefined {
    const bare = bareAddress(address);
    const at = bare.lastIndexOf('@');
    if (at < 0 || bare.slice(at + 1) !== this.domain) return undefined;
    const local = bare.slice(0, at);
    if (!local.startsWith(`${this.local}+`)) return undefined;
    const match = /^t(\d{1,10})-([0-9a-f]+)$/.exec(local.slice(this.local.length + 1));
    if (!match) return undefined;
    const ticketId = Number(match[1]);
    if (!Number.isSafeInteger(ticketId) || ticketId < 1 || ticketId > 2_147_483_647) return undefined;
    return { ticketId, mac: match[2] as string };
  }

  /** Whether the tag's MAC is this ticket's (compared in constant time). */
  verify(tag: ParsedReplyAddress): boolean {
    const expected = Buffer.from(this.macOf(tag.ticketId));
    const presented = Buffer.from(tag.mac);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }
}
