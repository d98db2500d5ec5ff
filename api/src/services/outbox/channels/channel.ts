/**
 * What every way of reaching someone implements (email, SMS, WhatsApp): send one outbox message,
 * identified by its outbox id (the idempotency key the provider or the receiver sees).
 */
import type { MessageChannel } from 'shared-contracts/contracts';
import type { OutboxRow } from '../outboxStore';

export type OutgoingMessage = Pick<
  OutboxRow,
  'id' | 'event' | 'recipient' | 'template' | 'params' | 'locale' | 'ticketId'
>;

/** What a provider answered to a send: its id of the message, which its delivery receipts name. */
export interface SendResult {
  providerMessageId?: string;
}

export interface Channel {
  readonly name: MessageChannel;
  /** Whether it can send; when false its messages are held (`heldReason` says why). */
  readonly configured: boolean;
  readonly heldReason: string;
  /** Sends the message or throws (a `PermanentSendError` when retrying cannot help). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a channel without receipts (email) returns nothing
  send(message: OutgoingMessage): Promise<SendResult | void>;
  close?(): Promise<void> | void;
}

/** A refusal that retrying will not change (an SMTP 5xx, a 4xx of a gateway): failed at once. */
export class PermanentSendError extends Error {
  override name = 'PermanentSendError';
}

/** A channel that is not configured: every message stays held. */
export function unconfiguredChannel(name: MessageChannel, heldReason: string): Channel {
  return {
    name,
    configured: false,
    heldReason,
    send: () => Promise.reject(new Error(heldReason)),
  };
}
