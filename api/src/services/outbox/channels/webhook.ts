/**
 * The webhook channel (ADR 0064): POSTs a delivery's payload to its webhook's HTTPS address, signed
 * per Standard Webhooks (`webhook-id` = `msg_<outbox id>`, the same on every retry; `webhook-timestamp`;
 * `webhook-signature`) with the `standardwebhooks` package. The connection goes through
 * request-filtering-agent, which refuses an address that resolves to a loopback, private or
 * link-local address (the api's own network, the cloud's metadata service) unless
 * WEBHOOK_ALLOWED_HOSTS names the host. A 2xx is sent; a 410 or a refused address fails at once;
 * anything else is retried with the outbox's back-off. Each answer is kept on the row.
 */
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { and, eq, isNull } from 'drizzle-orm';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';
import type { AppDatabase } from '../../../db/database';
import { outbox, webhooks } from '../../../db/schema';
import type { SecretSealer } from '../../mfa';
import { type Channel, type OutgoingMessage, PermanentSendError } from './channel';

export interface WebhookChannelOptions {
  /** Hosts (names or addresses) that may be private or loopback (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** Extra certificate authorities to trust (WEBHOOK_CA_FILE's PEM), besides the system's. */
  ca?: string;
  timeoutMs: number;
  /** The signature's timestamp (the api clock). */
  now: () => Date;
}

/** The body a receiver gets: the event, when, and its data (ids and public facts). */
export function webhookBody(message: Pick<OutgoingMessage, 'template' | 'params'>, at: Date): string {
  return JSON.stringify({ type: message.template, timestamp: at.toISOString(), data: message.params });
}

/** A live webhook's address and secret, for a delivery; undefined once removed. */
async function webhookTarget(
  db: AppDatabase,
  sealer: SecretSealer,
  id: number,
): Promise<{ url: string; secret: string } | undefined> {
  const [row] = await db
    .select({ url: webhooks.url, secretSealed: webhooks.secretSealed })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), isNull(webhooks.deletedAt)));
  return row ? { url: row.url, secret: sealer.open(row.secretSealed) } : undefined;
}

/** Records the receiver's answer of a delivery attempt. */
async function recordAnswer(db: AppDatabase, deliveryId: number, answer: string): Promise<void> {
  await db
    .update(outbox)
    .set({ answer: answer.slice(0, 500) })
    .where(eq(outbox.id, deliveryId));
}

export class WebhookChannel implements Channel {
  readonly name = 'webhook' as const;
  readonly configured = true;
  readonly heldReason = '';
  private readonly filtering: RequestFilteringHttpsAgent;
  private readonly allowed: HttpsAgent;

  constructor(
    private readonly db: AppDatabase,
    private readonly sealer: SecretSealer,
    private readonly options: WebhookChannelOptions,
  ) {
    const tls = options.ca ? { ca: options.ca } : {};
    this.filtering = new RequestFilteringHttpsAgent({ ...tls, keepAlive: true });
    this.allowed = new HttpsAgent({ ...tls, keepAlive: true });
  }

  async send(message: OutgoingMessage): Promise<void> {
    const target = await webhookTarget(this.db, this.sealer, Number(message.recipient));
    if (!target) throw new PermanentSendError('the webhook was removed');
    const at = this.options.now();
    const body = webhookBody(message, at);
    const id = `msg_${message.id}`;
    const signature = new Webhook(target.secret).sign(id, at, body);
    const host = new URL(target.url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const agent = this.options.allowedHosts.includes(host) ? this.allowed : this.filtering;
    let status: number;
    try {
      status = await this.post(target.url, body, agent, {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await recordAnswer(this.db, message.id, `No answer: ${reason}`);
      // request-filtering-agent's refusal: the address will not change by waiting.
      if (/is not allowed/i.test(reason)) throw new PermanentSendError(reason);
      throw error;
    }
    await recordAnswer(this.db, message.id, `HTTP ${status}`);
    if (status >= 200 && status < 300) return;
    if (status === 410) throw new PermanentSendError('HTTP 410: the receiver is gone');
    throw new Error(`HTTP ${status}`);
  }

  private post(
    url: string,
    body: string,
    agent: HttpsAgent,
    signed: Record<string, string>,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        url,
        {
          method: 'POST',
          agent,
          timeout: this.options.timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'helpdesk-webhooks',
            ...signed,
          },
        },
        (response) => {
          // The answer's body is not kept: its status is the answer.
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('the receiver did not answer in time')));
      request.on('error', reject);
      request.end(body);
    });
  }

  close(): void {
    this.filtering.destroy();
    this.allowed.destroy();
  }
}
