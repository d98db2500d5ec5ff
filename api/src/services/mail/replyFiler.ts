/**
 * Files one email of the reply mailbox (ADR 0059): a member's reply becomes their public reply on the
 * ticket its signed tag names, as if written on the ticket's page: the same entry, the same file
 * checks (the first attached file that passes them goes with the reply, as one file goes with a
 * reply on the page), the holder told through the outbox. Anything else makes no entry. Either way
 * the mail is recorded by its Message-ID's hash in the transaction that files it, so a mail fetched
 * again (a second delivery, or after the api died before moving it out of the inbox) is handled
 * once.
 */
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { type Attachment, simpleParser } from 'mailparser';
import type { AppDatabase, Writer } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { type InboundMailOutcome, inboundMails, tickets } from '../../db/schema';
import { HttpError } from '../../httpError';
import type { Clock } from '../clock';
import type { UploadStore } from '../tickets/storage';
import type { Notifier } from '../workflow/notifications';
import { addReply, openReplyGate } from '../workflow/replies';
import type { CheckedFile, ReceivedForm, SubmitService } from '../workflow/submitService';
import { classifyMail, messageKeyOf } from './inboundMail';
import type { ReplyAddresses } from './replyAddresses';

export interface FiledMail {
  outcome: InboundMailOutcome;
  ticketId: number | null;
  /** True when this mail had been handled before (nothing was done this time). */
  duplicate: boolean;
}

/** A reply's transaction found its mail already recorded: another fetch filed it first. */
class AlreadyHandled extends Error {}

export interface FilerDeps {
  db: AppDatabase;
  submits: SubmitService;
  store: UploadStore;
  notifier: Notifier;
  clock: Clock;
  addresses: ReplyAddresses;
  /** MAIL_FROM: a mail from the api's own sender is a loop. */
  mailFrom: string;
  /** UPLOAD_MAX_BYTES: a larger file is not received at all. */
  maxBytes: number;
}

export class ReplyFiler {
  constructor(private readonly deps: FilerDeps) {}

  /** Whether a mail with this key was handled already. */
  private async handled(key: string): Promise<boolean> {
    const rows = await this.deps.db
      .select({ id: inboundMails.id })
      .from(inboundMails)
      .where(eq(inboundMails.messageKey, key));
    return rows.length > 0;
  }

  /** Records a mail as handled; false when it was already (the caller's transaction then undoes). */
  private async record(
    tx: Writer,
    key: string,
    outcome: InboundMailOutcome,
    ticketId: number | null,
    commentId: number | null = null,
  ): Promise<boolean> {
    const inserted = await tx
      .insert(inboundMails)
      .values({ messageKey: key, outcome, ticketId, commentId, receivedAt: this.deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: inboundMails.id });
    return inserted.length > 0;
  }

  /** A mail too large to read whole: recorded by its Message-ID alone, no entry. */
  async refuseTooLarge(messageId: string | undefined, raw: Buffer | null): Promise<FiledMail> {
    const key = messageKeyOf(messageId, raw ?? Buffer.alloc(0));
    const fresh = await this.record(this.deps.db, key, 'too-large', null);
    return { outcome: 'too-large', ticketId: null, duplicate: !fresh };
  }

  /** Files one raw mail (RFC 5322 bytes) and says what became of it. */
  async file(raw: Buffer): Promise<FiledMail> {
    const mail = await simpleParser(raw);
    const key = messageKeyOf(mail.messageId, raw);
    if (await this.handled(key)) return { outcome: 'filed', ticketId: null, duplicate: true };
    const verdict = classifyMail(mail, this.deps.addresses, this.deps.mailFrom);
    if (verdict.kind === 'refused') {
      const ticketId =
        verdict.ticketId !== undefined && (await this.ticketExists(verdict.ticketId))
          ? verdict.ticketId
          : null;
      const fresh = await this.record(this.deps.db, key, verdict.outcome, ticketId);
      return { outcome: verdict.outcome, ticketId, duplicate: !fresh };
    }
    const ticketId = verdict.tag.ticketId;
    const opened = (await this.isOpenTicket(ticketId))
      ? await openReplyGate(this.deps.db, ticketId)
      : undefined;
    if (!opened) {
      const fresh = await this.record(this.deps.db, key, 'unknown-ticket', null);
      return { outcome: 'unknown-ticket', ticketId: null, duplicate: !fresh };
    }
    const { file, checked } = await this.firstAcceptedFile(verdict.attachments);
    try {
      await addReply(
        this.deps.db,
        this.deps.submits,
        this.deps.notifier,
        opened,
        { audience: 'member', actor: null },
        { text: verdict.text, file, checked },
        // The reply address that let the mail in (its ticket; never the address or the MAC).
        { userId: null, role: null, key: `mail:${ticketId}`, address: null },
        async (tx, entryId) => {
          if (!(await this.record(tx, key, 'filed', ticketId, entryId))) throw new AlreadyHandled();
        },
      );
    } catch (error) {
      if (error instanceof AlreadyHandled) return { outcome: 'filed', ticketId, duplicate: true };
      throw error;
    }
    return { outcome: 'filed', ticketId, duplicate: false };
  }

  private async ticketExists(id: number): Promise<boolean> {
    const rows = await this.deps.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, id));
    return rows.length > 0;
  }

  /** A ticket that takes replies: it exists and its member's data was not erased. */
  private async isOpenTicket(id: number): Promise<boolean> {
    const [row] = rowsOf<{ open: boolean }>(
      await this.deps.db.execute(
        sql`select ${tickets.erasedAt} is null as open from ${tickets} where ${tickets.id} = ${id}`,
      ),
    );
    return row?.open === true;
  }

  /**
   * The first attached file that passes the upload's checks (type by its bytes, what is inside),
   * received into the store's incoming folder like an upload; the others are discarded.
   */
  private async firstAcceptedFile(
    files: Attachment[],
  ): Promise<{ file: ReceivedForm['file']; checked: CheckedFile | null }> {
    for (const attachment of files) {
      if (attachment.content.length > this.deps.maxBytes) continue;
      const received = await this.deps.store.receive(Readable.from([attachment.content]), () => false);
      const file = { ...received, originalName: attachment.filename ?? 'attachment' };
      try {
        const checked = await this.deps.submits.checkFile(file);
        if (checked) return { file, checked };
      } catch (error) {
        if (!(error instanceof HttpError)) {
          await this.deps.store.discard(file.tempPath);
          throw error;
        }
      }
      await this.deps.store.discard(file.tempPath);
    }
    return { file: null, checked: null };
  }
}
