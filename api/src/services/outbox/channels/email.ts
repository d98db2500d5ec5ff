/**
 * Email over SMTP with nodemailer (`SMTP_URL`, `MAIL_FROM`; ADR 0026). The outbox id is the
 * Message-ID (`<outbox-{id}@{host of MAIL_FROM}>`), so a message sent twice after a crash is one
 * message to the receiver. Members' emails carry `List-Unsubscribe`, and those about a ticket its
 * reply address when REPLY_ADDRESS is set (ADR 0059). Every email says it was sent automatically
 * (`Auto-Submitted`, RFC 3834), so a member's autoresponder does not answer it.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { ReplyAddresses } from '../../mail/replyAddresses';
import { renderEmail } from '../templates';
import { type Channel, type OutgoingMessage, PermanentSendError } from './channel';

export interface EmailSettings {
  smtpUrl: string;
  mailFrom: string;
  /** The site's address, for the links in the messages. */
  publicUrl: string;
  /** Each SMTP step's limit: below the worker's lease, so a hung server cannot outlive it. */
  timeoutMs: number;
  /** Connections kept open to the server (the worker's concurrency). */
  maxConnections: number;
  /** REPLY_ADDRESS: a member's email about a ticket answers to the ticket's tagged address (ADR 0059). */
  replyAddresses?: ReplyAddresses | null;
}

/** The domain of an address (`Help Desk <help@example.org>` → `example.org`). */
export function domainOf(address: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(address);
  return match?.[1] ?? 'helpdesk.invalid';
}

/** The plain address of a `Name <address>` sender. */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

export function messageIdOf(outboxId: number, mailFrom: string): string {
  return `<outbox-${outboxId}@${domainOf(mailFrom)}>`;
}

export class EmailChannel implements Channel {
  readonly name = 'email' as const;
  readonly configured = true;
  readonly heldReason = '';
  private readonly transporter: Transporter;

  constructor(private readonly settings: EmailSettings) {
    // A pool: the worker sends several messages at once over a few kept-open connections.
    this.transporter = nodemailer.createTransport({
      url: settings.smtpUrl,
      pool: true,
      maxConnections: settings.maxConnections,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    });
  }

  async send(message: OutgoingMessage): Promise<void> {
    const content = renderEmail(message.template, message.locale, message.params, this.settings.publicUrl);
    const from = this.settings.mailFrom;
    const headers: Record<string, string> = {
      'X-Helpdesk-Outbox-Id': String(message.id),
      'Auto-Submitted': 'auto-generated',
    };
    const replyTo =
      content.toMember && message.ticketId !== null && this.settings.replyAddresses
        ? this.settings.replyAddresses.forTicket(message.ticketId)
        : undefined;
    if (content.toMember) {
      // RFC 2369: a way to ask not to be written to; the association's mailbox reads it.
      headers['List-Unsubscribe'] = `<mailto:${addressOf(from)}?subject=unsubscribe>`;
    }
    try {
      await this.transporter.sendMail({
        from,
        to: message.recipient,
        subject: content.subject,
        text: content.text,
        html: content.html,
        messageId: messageIdOf(message.id, from),
        ...(replyTo ? { replyTo } : {}),
        headers,
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx: the server refused for good (no such mailbox, policy); 4xx and network errors pass.
      if (typeof code === 'number' && code >= 500) {
        throw new PermanentSendError(`SMTP ${code}: ${(error as Error).message}`);
      }
      throw error;
    }
  }

  close(): void {
    this.transporter.close();
  }
}
