/**
 * SMS (an Indian gateway with DLT-registered templates: MSG91's Flow API) and WhatsApp (Cloud API
 * template messages), written to the providers' documented request shapes. Both send a provider
 * template (its id stored in the outbox row's params as `providerTemplate`) with ordered values,
 * never free text: India's DLT rules and WhatsApp's business-initiated messages both require a
 * registered template. Off unless configured (`SMS_*`, `WHATSAPP_*`, api/README.md).
 *
 * A template per event the member receives and per language (ADR 0060): its words are in the api's
 * catalogue (`phone.{template}`, en/hi/mr, numbered `{{1}}`… as WhatsApp numbers them), which is
 * what an operator registers with the gateway and with Meta; the message names the provider
 * template of the member's language, and WhatsApp's template language is the member's. Each send
 * keeps the provider's id of the message, which its delivery receipts name (receipts.ts).
 */
import { sitePaths } from 'shared-contracts/contracts';
import { translate } from '../../../i18n';
import { absoluteUrl, isTemplateName, type TemplateName } from '../templates';
import { type Channel, type OutgoingMessage, PermanentSendError, type SendResult } from './channel';

/** The values each template sends, in the order its registered provider template numbers them. */
export const PHONE_TEMPLATE_VALUES: Partial<Record<TemplateName, readonly string[]>> = {
  ticketSubmittedMember: ['ticketId', 'city', 'shareUrl'],
  ticketStatusChanged: ['ticketId', 'statusLabel'],
  ticketRepliedMember: ['ticketId', 'author'],
  interimReplyMember: ['ticketId', 'expectedBy'],
  ratingRequested: ['ticketId', 'outcomeUrl'],
  appealDecidedMember: ['ticketId', 'outcomeLabel'],
  ticketTransferredMember: ['ticketId', 'to'],
};

/** The provider template of a message template in a language: `name.locale`, else `name`. */
export function providerTemplateFor(
  templates: Record<string, string>,
  template: string,
  locale: string,
): string | undefined {
  return templates[`${template}.${locale}`] ?? templates[template];
}

/** A day `YYYY-MM-DD` as the language writes it ("8 December 2026", "8 दिसंबर 2026"). */
function dayLabel(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(`${locale}-IN`, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The ordered values of a message for its provider template (links absolute, statuses named). */
export function phoneValues(message: OutgoingMessage, publicUrl: string): string[] {
  const names = isTemplateName(message.template) ? PHONE_TEMPLATE_VALUES[message.template] : undefined;
  if (!names) throw new PermanentSendError(`No phone template for ${message.template}`);
  const { locale, params } = message;
  return names.map((name) => {
    if (name === 'statusLabel') return translate(locale, `status.${String(params.status)}`);
    if (name === 'outcomeLabel') return translate(locale, `phone.appealOutcome.${String(params.outcome)}`);
    if (name === 'expectedBy') return dayLabel(String(params.expectedBy ?? ''), locale);
    const value = params[name];
    // A private link, or the way to ask for one when the message carries none.
    if (name.endsWith('Url'))
      return absoluteUrl(publicUrl, typeof value === 'string' ? value : sitePaths.track);
    return String(value ?? '');
  });
}

function providerTemplateOf(message: OutgoingMessage): string {
  const id = message.params.providerTemplate;
  if (typeof id !== 'string' || !id) throw new PermanentSendError('The message names no provider template');
  return id;
}

/** A 10-digit Indian mobile with the country code (`9876543210` → `919876543210`). */
export function internationalNumber(mobile: string, countryCode: string): string {
  const digits = mobile.replace(/\D/g, '');
  return digits.length === 10 ? `${countryCode}${digits}` : digits;
}

/** Sends a JSON request; a 4xx but 408/429 is permanent, anything else may pass. */
async function postJson(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.ok) return response.json().catch(() => ({}));
  const text = (await response.text().catch(() => '')).slice(0, 300);
  const message = `HTTP ${response.status}: ${text}`;
  if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
    throw new PermanentSendError(message);
  throw new Error(message);
}

export interface SmsSettings {
  authKey: string;
  senderId?: string;
  apiUrl: string;
  countryCode: string;
  publicUrl: string;
  timeoutMs: number;
}

/**
 * MSG91 Flow API (`POST https://control.msg91.com/api/v5/flow`, header `authkey`): the flow's
 * `template_id` (linked in MSG91 to the DLT template id) and one recipient with `var1`, `var2`…
 */
export class Msg91SmsChannel implements Channel {
  readonly name = 'sms' as const;
  readonly configured = true;
  readonly heldReason = '';
  constructor(private readonly settings: SmsSettings) {}

  async send(message: OutgoingMessage): Promise<SendResult> {
    const values = phoneValues(message, this.settings.publicUrl);
    const recipient: Record<string, string> = {
      mobiles: internationalNumber(message.recipient, this.settings.countryCode),
    };
    values.forEach((value, index) => {
      recipient[`var${index + 1}`] = value;
    });
    // `{ type: 'success', message: '<request id>' }`: the request id names its delivery reports.
    const answer = (await postJson(
      this.settings.apiUrl,
      { authkey: this.settings.authKey },
      {
        template_id: providerTemplateOf(message),
        ...(this.settings.senderId ? { sender: this.settings.senderId } : {}),
        short_url: '0',
        recipients: [recipient],
      },
      this.settings.timeoutMs,
    )) as { message?: unknown };
    return typeof answer?.message === 'string' ? { providerMessageId: answer.message } : {};
  }
}

export interface WhatsAppSettings {
  token: string;
  phoneNumberId: string;
  apiUrl: string;
  /** The WhatsApp language code of English templates (`en`, or `en_US`…); Hindi is `hi`, Marathi `mr`. */
  language: string;
  countryCode: string;
  publicUrl: string;
  timeoutMs: number;
}

/**
 * WhatsApp Cloud API (`POST {graph}/{phone-number-id}/messages`, bearer token): a template message
 * with its body parameters; `biz_opaque_callback_data` carries the outbox id back in the webhooks.
 */
export class WhatsAppChannel implements Channel {
  readonly name = 'whatsapp' as const;
  readonly configured = true;
  readonly heldReason = '';
  constructor(private readonly settings: WhatsAppSettings) {}

  /** The template language of a message: the member's (the catalogue's languages are WhatsApp's codes). */
  languageOf(locale: string): string {
    return locale === 'hi' || locale === 'mr' ? locale : this.settings.language;
  }

  async send(message: OutgoingMessage): Promise<SendResult> {
    const values = phoneValues(message, this.settings.publicUrl);
    const answer = (await postJson(
      `${this.settings.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(this.settings.phoneNumberId)}/messages`,
      { authorization: `Bearer ${this.settings.token}` },
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: internationalNumber(message.recipient, this.settings.countryCode),
        type: 'template',
        template: {
          name: providerTemplateOf(message),
          language: { code: this.languageOf(message.locale) },
          components: [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }],
        },
        biz_opaque_callback_data: `outbox-${message.id}`,
      },
      this.settings.timeoutMs,
    )) as { messages?: { id?: unknown }[] };
    const id = answer?.messages?.[0]?.id;
    return typeof id === 'string' ? { providerMessageId: id } : {};
  }
}
