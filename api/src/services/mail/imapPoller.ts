/**
 * The reply mailbox's poller (ADR 0059): in each api process when IMAP_URL is set, it keeps one IMAP
 * connection (imapflow) to the mailbox, files every mail of its inbox (replyFiler.ts) and then moves
 * it to the processed folder; then it waits for new mail (IMAP IDLE tells it at once; it looks again
 * after IMAP_POLL_MS in any case). A mail is moved only after what it made is committed, together
 * with the record of its Message-ID: if the api dies in between, the mail is still in the inbox and
 * is recognised, not filed again, when it is fetched next. A lost connection is opened again after
 * a pause; a mail that fails to file (the database is down) stays in the inbox for the next round.
 */
import { type FetchMessageObject, ImapFlow } from 'imapflow';
import type { JobLogger } from '../periodicJob';
import type { FiledMail, ReplyFiler } from './replyFiler';

export interface ImapSettings {
  /** `imap://user:password@host:143/INBOX` or `imaps://…:993/…` (the path names the inbox; default INBOX). */
  url: string;
  /** Where handled mails go (created when missing). */
  processedFolder: string;
  /** The longest wait before the inbox is looked at again. */
  pollMs: number;
  /** Mails larger than this are not downloaded: recorded as too large and moved. */
  maxMailBytes: number;
}

export interface ImapEndpoint {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
}

/** The parts of IMAP_URL. */
export function imapEndpointOf(url: string): ImapEndpoint {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    mailbox,
  };
}

/** What one round did: each mail filed or refused, by its outcome. */
export type RoundReport = FiledMail[];

export class ImapPoller {
  private stopped = true;
  private loopDone: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly settings: ImapSettings,
    private readonly filer: ReplyFiler,
    private readonly log: JobLogger & { error(object: unknown, message: string): void },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loopDone = this.loop();
  }

  /** Stops after the mail in hand is filed and moved, and closes the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loopDone;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.session();
      } catch (error) {
        if (!this.stopped) this.log.warn({ err: error }, 'the reply mailbox failed (will connect again)');
      }
      if (!this.stopped) await this.pause(Math.min(this.settings.pollMs, 30_000));
    }
  }

  /** Waits `ms`, or less when woken (new mail, stop). */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async session(): Promise<void> {
    const endpoint = imapEndpointOf(this.settings.url);
    const client = new ImapFlow({
      host: endpoint.host,
      port: endpoint.port,
      secure: endpoint.secure,
      auth: { user: endpoint.user, pass: endpoint.pass },
      logger: false,
    });
    // A new mail while idle, or the connection gone: look (or reconnect) now.
    client.on('exists', () => this.wake?.());
    client.on('close', () => this.wake?.());
    client.on('error', (error: unknown) =>
      this.log.warn({ err: error }, 'the reply mailbox connection failed'),
    );
    await client.connect();
    try {
      await this.ensureFolder(client);
      const lock = await client.getMailboxLock(endpoint.mailbox);
      try {
        while (!this.stopped && client.usable) {
          await this.round(client);
          if (!this.stopped && client.usable) await this.pause(this.settings.pollMs);
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  private async ensureFolder(client: ImapFlow): Promise<void> {
    const folders = await client.list();
    if (!folders.some((folder) => folder.path === this.settings.processedFolder)) {
      await client.mailboxCreate(this.settings.processedFolder);
    }
  }

  /** Files and moves every mail in the inbox now. */
  async round(client: ImapFlow): Promise<RoundReport> {
    const report: RoundReport = [];
    const uids = (await client.search({ deleted: false }, { uid: true })) || [];
    for (const uid of uids) {
      if (this.stopped) break;
      const head = await client.fetchOne(String(uid), { size: true, envelope: true }, { uid: true });
      if (!head) continue;
      const filed = await this.fileOne(client, uid, head);
      report.push(filed);
      // Moved only now: what it made is committed, with the record of its Message-ID.
      await client.messageMove(String(uid), this.settings.processedFolder, { uid: true });
      this.log.info(
        { outcome: filed.outcome, ticketId: filed.ticketId, duplicate: filed.duplicate },
        'reply mailbox: a mail was handled',
      );
    }
    return report;
  }

  private async fileOne(client: ImapFlow, uid: number, head: FetchMessageObject): Promise<FiledMail> {
    if ((head.size ?? 0) > this.settings.maxMailBytes) {
      return this.filer.refuseTooLarge(head.envelope?.messageId, null);
    }
    const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
    const source = message ? message.source : undefined;
    if (!source) throw new Error(`mail ${uid} could not be read`);
    return this.filer.file(source);
  }
}
