import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { MessageChannel } from 'shared-contracts/contracts';
import type { Config } from '../config';
import type { Clock } from '../services/clock';
import { ReplyAddresses } from '../services/mail/replyAddresses';
import { type Channel, unconfiguredChannel } from '../services/outbox/channels/channel';
import { EmailChannel } from '../services/outbox/channels/email';
import { Msg91SmsChannel, WhatsAppChannel } from '../services/outbox/channels/phone';
import { WebhookChannel } from '../services/outbox/channels/webhook';
import { prepareMemberLink } from '../services/outbox/memberLinks';
import { onMessagesQueued } from '../services/outbox/outboxSignal';
import { releaseHeld, releaseLeases } from '../services/outbox/outboxStore';
import { type AfterClaimHook, OutboxWorker } from '../services/outbox/worker';
import { resolveTokenSecret } from '../services/tokenSecret';
import { Notifier } from '../services/workflow/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    /** The api's one clock: every time rule reads it. */
    clock: Clock;
    outbox: {
      channels: Record<MessageChannel, Channel>;
      worker: OutboxWorker;
      /** Writes each event's messages in the caller's transaction. */
      notifier: Notifier;
      /** What /api/health says about email: sent over SMTP, or held for want of SMTP_URL. */
      emailState: 'smtp' | 'held';
    };
    /** The tickets' reply addresses (REPLY_ADDRESS, ADR 0059), or null when replies go by the page only. */
    replyAddresses: ReplyAddresses | null;
  }
}

export const SMTP_MISSING =
  'SMTP_URL is not set: emails are kept as held in the outbox, not sent (set SMTP_URL and MAIL_FROM, api/README.md)';

/** The channels this configuration can send on; the others hold their messages. */
export function buildChannels(
  config: Config,
  replyAddresses: ReplyAddresses | null = null,
): Record<Exclude<MessageChannel, 'webhook'>, Channel> {
  // Each step of a send must end well inside the lease, so no second worker takes it meanwhile.
  const timeoutMs = Math.max(1_000, Math.floor(config.outbox.leaseMs / 4));
  const phone = { countryCode: config.phoneCountryCode, publicUrl: config.publicUrl, timeoutMs };
  return {
    email: config.mail.smtpUrl
      ? new EmailChannel({
          smtpUrl: config.mail.smtpUrl,
          mailFrom: config.mail.from,
          publicUrl: config.publicUrl,
          timeoutMs,
          maxConnections: config.outbox.concurrency,
          replyAddresses,
        })
      : unconfiguredChannel('email', SMTP_MISSING),
    sms: config.sms
      ? new Msg91SmsChannel({
          ...phone,
          authKey: config.sms.authKey,
          senderId: config.sms.senderId,
          apiUrl: config.sms.apiUrl,
        })
      : unconfiguredChannel('sms', 'SMS is not configured (SMS_PROVIDER, SMS_AUTH_KEY)'),
    whatsapp: config.whatsapp
      ? new WhatsAppChannel({
          ...phone,
          token: config.whatsapp.token,
          phoneNumberId: config.whatsapp.phoneNumberId,
          apiUrl: config.whatsapp.apiUrl,
          language: config.whatsapp.language,
        })
      : unconfiguredChannel(
          'whatsapp',
          'WhatsApp is not configured (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID)',
        ),
  };
}

export interface OutboxOptions {
  /** Test hook of the fault suite: runs right after a claim. */
  afterClaim?: AfterClaimHook;
}

/**
 * The outbox (ADR 0026): the notifier the services write messages with, and this process's worker,
 * started when the app is ready and stopped (its batch marked) when it closes.
 */
export async function registerOutbox(
  app: FastifyInstance,
  config: Config,
  options: OutboxOptions = {},
): Promise<void> {
  // The reply address is signed under the api's secret, the same on every instance (ADR 0059).
  const replyAddresses = config.replyAddress
    ? new ReplyAddresses((await resolveTokenSecret(app.db, config.tokenSecret)).secret, config.replyAddress)
    : null;
  app.decorate('replyAddresses', replyAddresses);
  const channels: Record<MessageChannel, Channel> = {
    ...buildChannels(config, replyAddresses),
    webhook: new WebhookChannel(app.db, app.webhookSealer, {
      allowedHosts: config.webhookAllowedHosts,
      ca: config.webhookCaFile ? readFileSync(config.webhookCaFile, 'utf8') : undefined,
      timeoutMs: Math.max(1_000, Math.floor(config.outbox.leaseMs / 4)),
      now: () => app.clock.now(),
    }),
  };
  const worker = new OutboxWorker(
    app.db,
    app.clock,
    channels,
    config.outbox,
    app.log.child({ component: 'outbox' }),
    {
      // A request sends the member's live link again (ADR 0052); a rotation replaces it.
      'member.link_requested': (row) => prepareMemberLink(app.db, row, true),
      'member.link_rotated': (row) => prepareMemberLink(app.db, row),
    },
    options.afterClaim,
  );
  const writing = new Notifier(
    app.clock,
    {
      sms: config.sms ? { templates: config.sms.templates } : undefined,
      whatsapp: config.whatsapp ? { templates: config.whatsapp.templates } : undefined,
    },
    app.outcomeLinks,
  );
  const notifier = config.outbox.benchWithoutRows ? withoutRows(writing) : writing;
  const emailState = channels.email.configured ? 'smtp' : 'held';
  app.decorate('outbox', { channels, worker, notifier, emailState });

  app.addHook('onReady', async () => {
    if (emailState === 'held') {
      // Said at every start, loudest in production: nothing is lost, but nobody is told either.
      if (config.nodeEnv === 'production') app.log.warn(SMTP_MISSING);
      else app.log.info(SMTP_MISSING);
    }
    // PGlite: this process is the only one, so a lease left in the table is a dead process's.
    if (app.dbKind === 'pglite') await releaseLeases(app.db);
    const configured = Object.values(channels)
      .filter((channel) => channel.configured)
      .map((channel) => channel.name);
    const released = await releaseHeld(app.db, configured, app.clock.now());
    if (released) app.log.info({ released }, 'held messages queued again: their channel is configured now');
    if (config.outbox.worker) worker.start();
  });
  // A transaction that queued messages wakes this process's worker once it commits (outboxStore.ts).
  const stopListening = onMessagesQueued(() => worker.wake());
  app.addHook('onClose', async () => {
    stopListening();
    await worker.stop();
    for (const channel of Object.values(channels)) await channel.close?.();
  });
}

/**
 * A notifier that writes nothing (OUTBOX_BENCH_WITHOUT_ROWS, refused in production): the submit
 * benchmark's baseline, the same api without its outbox rows (bench/README.md).
 */
function withoutRows(notifier: Notifier): Notifier {
  return new Proxy(notifier, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return async () => false;
    },
  });
}
