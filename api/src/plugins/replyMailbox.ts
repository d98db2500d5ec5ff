import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { ImapPoller } from '../services/mail/imapPoller';
import { ReplyFiler } from '../services/mail/replyFiler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Files the mails of the reply mailbox (ADR 0059); null without REPLY_ADDRESS. */
    replyFiler: ReplyFiler | null;
    /** This process's poller of IMAP_URL, or null when no mailbox is configured. */
    replyMailbox: ImapPoller | null;
  }
}

/**
 * Replies by email (ADR 0059): with IMAP_URL set, this process polls the mailbox from when the app is
 * ready until it closes (the mail in hand filed and moved first). Without it nothing polls and members
 * reply on the ticket's page. Registered after the ticket services, whose upload checks it uses.
 */
export function registerReplyMailbox(app: FastifyInstance, config: Config): void {
  const filer = app.replyAddresses
    ? new ReplyFiler({
        db: app.db,
        submits: app.ticketSubmits,
        store: app.uploadStore,
        notifier: app.outbox.notifier,
        clock: app.clock,
        addresses: app.replyAddresses,
        mailFrom: config.mail.from,
        maxBytes: config.uploadMaxBytes,
      })
    : null;
  app.decorate('replyFiler', filer);
  const poller =
    filer && config.imap
      ? new ImapPoller(
          // A mail may carry one file of the largest size, base64 (4/3) and the rest of the mail.
          { ...config.imap, maxMailBytes: Math.ceil(config.uploadMaxBytes * 1.4) + 1024 * 1024 },
          filer,
          app.log.child({ component: 'reply-mailbox' }),
        )
      : null;
  app.decorate('replyMailbox', poller);
  if (!poller) return;
  app.addHook('onReady', async () => {
    poller.start();
    app.log.info('replies by email: polling the mailbox of IMAP_URL');
  });
  app.addHook('onClose', async () => {
    await poller.stop();
  });
}
