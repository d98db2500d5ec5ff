/**
 * What the SMS gateway and WhatsApp send the api (ADR 0060): delivery receipts and the member's
 * answers (STOP). Only the fields the api reads are checked; the providers add others, kept as sent.
 */
import * as z from 'zod/mini';
import { optionalText } from './common';

const text = z.string().check(z.maxLength(4096));

/** WhatsApp Cloud API webhook: statuses of sent messages, and messages members send. */
export const whatsappWebhookSchema = z.looseObject({
  object: z.optional(text),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.optional(text),
              value: z.looseObject({
                statuses: z.optional(
                  z
                    .array(
                      z.looseObject({
                        id: text,
                        status: text,
                        biz_opaque_callback_data: z.optional(text),
                        errors: z.optional(z.array(z.looseObject({ title: z.optional(text) }))),
                      }),
                    )
                    .check(z.maxLength(1000)),
                ),
                messages: z.optional(
                  z
                    .array(
                      z.looseObject({
                        from: text,
                        type: z.optional(text),
                        text: z.optional(z.looseObject({ body: z.optional(text) })),
                        button: z.optional(
                          z.looseObject({ text: z.optional(text), payload: z.optional(text) }),
                        ),
                      }),
                    )
                    .check(z.maxLength(1000)),
                ),
              }),
            }),
          )
          .check(z.maxLength(100)),
      }),
    )
    .check(z.maxLength(100)),
});
export type WhatsappWebhook = z.infer<typeof whatsappWebhookSchema>;

/** WhatsApp's subscription check: `GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`. */
export const whatsappVerifyQuerySchema = z.looseObject({
  'hub.mode': z.optional(optionalText(50)),
  'hub.verify_token': z.optional(optionalText(200)),
  'hub.challenge': z.optional(optionalText(200)),
});

/** One SMS delivery report (MSG91's webhook v3 shape): its request id and state. */
const smsReportSchema = z.looseObject({
  requestId: text,
  number: z.optional(text),
  desc: z.optional(text),
  status: z.optional(z.union([text, z.number()])),
  failedReason: z.optional(text),
});

/** SMS delivery reports: one, or a list. */
export const smsReceiptsSchema = z.union([
  smsReportSchema,
  z.array(smsReportSchema).check(z.maxLength(1000)),
]);
export type SmsReceipts = z.infer<typeof smsReceiptsSchema>;

/** An SMS a member sent to the association's number (the gateway's inbound webhook). */
export const smsInboundSchema = z.looseObject({ from: text, text });
export type SmsInbound = z.infer<typeof smsInboundSchema>;

/** The answer to a provider's webhook. */
export const phoneWebhookResponseSchema = z.object({ ok: z.literal(true) });

/** What a member may send to stop SMS and WhatsApp (the templates say "Reply STOP"). */
export const STOP_WORDS = [
  'stop',
  'stopall',
  'stop all',
  'unsubscribe',
  'cancel',
  'end',
  'quit',
  'बंद',
  'थांबवा',
];

/** Whether a member's message asks to stop the messages. */
export function isStopWord(message: string): boolean {
  return STOP_WORDS.includes(
    message
      .trim()
      .toLowerCase()
      .replace(/[.!]+$/, ''),
  );
}
