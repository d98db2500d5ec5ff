/**
 * What the phone providers tell the api (ADR 0060): delivery receipts, which move an SMS or WhatsApp
 * message from `sent` to `delivered` (or `failed`) on the ticket's "Messages sent", and a member's
 * STOP, which withdraws their consent at once, as the request from their private link does
 * (privacy/requests.ts). Every webhook is signed by its sender: an HMAC-SHA256 of the raw body under
 * a shared secret, checked in constant time before the body is read.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { SmsReceipts, WhatsappWebhook } from 'shared-contracts/contracts';
import { isStopWord } from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { outbox } from '../../db/schema';

/** Whether `header` (`sha256=<hex>` or `<hex>`) is the HMAC-SHA256 of `body` under `secret`. */
export function signatureMatches(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const presented = Buffer.from(
    header
      .trim()
      .replace(/^sha256=/i, '')
      .toLowerCase(),
    'utf8',
  );
  const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'), 'utf8');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** One receipt: the message (by outbox id or the provider's id) and what became of it. */
export interface Receipt {
  channel: 'sms' | 'whatsapp';
  outboxId?: number;
  providerMessageId?: string;
  state: 'delivered' | 'failed';
  error?: string;
}

/** Applies receipts; returns how many messages changed. A receipt for an unknown message is ignored. */
export async function applyReceipts(db: AppDatabase, receipts: Receipt[], now: Date): Promise<number> {
  let changed = 0;
  for (const receipt of receipts) {
    const which = [
      ...(receipt.outboxId !== undefined ? [eq(outbox.id, receipt.outboxId)] : []),
      ...(receipt.providerMessageId ? [eq(outbox.providerMessageId, receipt.providerMessageId)] : []),
    ];
    if (which.length === 0) continue;
    const target = and(eq(outbox.channel, receipt.channel), or(...which));
    const rows =
      receipt.state === 'delivered'
        ? await db
            .update(outbox)
            .set({ status: 'delivered', deliveredAt: now })
            .where(and(target, eq(outbox.status, 'sent')))
            .returning({ id: outbox.id })
        : await db
            .update(outbox)
            .set({
              status: 'failed',
              lastError: (receipt.error ?? 'the provider could not deliver it').slice(0, 1000),
            })
            .where(and(target, inArray(outbox.status, ['sent', 'delivered'])))
            .returning({ id: outbox.id });
    changed += rows.length;
  }
  return changed;
}

/** The receipts of a WhatsApp webhook (`read` counts as delivered). */
export function whatsappReceipts(body: WhatsappWebhook): Receipt[] {
  return body.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.statuses ?? []).flatMap((status): Receipt[] => {
        const state =
          status.status === 'delivered' || status.status === 'read'
            ? 'delivered'
            : status.status === 'failed'
              ? 'failed'
              : undefined;
        if (!state) return [];
        const outboxId = /^outbox-(\d{1,10})$/.exec(status.biz_opaque_callback_data ?? '')?.[1];
        return [
          {
            channel: 'whatsapp',
            providerMessageId: status.id,
            ...(outboxId ? { outboxId: Number(outboxId) } : {}),
            state,
            error: status.errors?.[0]?.title,
          },
        ];
      }),
    ),
  );
}

/** The numbers that sent STOP in a WhatsApp webhook. */
export function whatsappStops(body: WhatsappWebhook): string[] {
  return body.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.messages ?? [])
        .filter((message) =>
          isStopWord(message.text?.body ?? message.button?.text ?? message.button?.payload ?? ''),
        )
        .map((message) => message.from),
    ),
  );
}

/** The receipts of an SMS gateway's delivery reports (MSG91's `desc`: DELIVERED, FAILED, …). */
export function smsReceipts(body: SmsReceipts): Receipt[] {
  return (Array.isArray(body) ? body : [body]).flatMap((report): Receipt[] => {
    const desc = (report.desc ?? '').toUpperCase();
    const state =
      desc === 'DELIVERED' ? 'delivered' : /FAIL|REJECT|UNDELIV|EXPIRE/.test(desc) ? 'failed' : undefined;
    if (!state) return [];
    return [
      { channel: 'sms', providerMessageId: report.requestId, state, error: report.failedReason || desc },
    ];
  });
}
