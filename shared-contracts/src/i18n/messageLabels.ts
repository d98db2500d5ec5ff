/**
 * How a message of the outbox is named on screen: the staff's list of messages sent about a ticket
 * and the admin's list of failed messages read the same `common` texts, so a new event or channel
 * is named once.
 */
import type { MessageChannel, MessageEvent } from '../schemas/conversation';
import { commonText, type Text } from './text';

const CHANNEL_KEYS: Record<MessageChannel, string> = {
  email: 'messages.channel.email',
  sms: 'messages.channel.sms',
  whatsapp: 'messages.channel.whatsapp',
  webhook: 'messages.channel.webhook',
};

const EVENT_KEYS: Record<MessageEvent, string> = {
  'ticket.submitted': 'messages.event.submitted',
  'ticket.status_changed': 'messages.event.statusChanged',
  'ticket.handed_off': 'messages.event.handedOff',
  'ticket.replied': 'messages.event.replied',
  'member.link_requested': 'messages.event.linkRequested',
  'ticket.link_rotated': 'messages.event.shareLinkRotated',
  'member.link_rotated': 'messages.event.memberLinkRotated',
  'ticket.reminder': 'messages.event.reminder',
  'ticket.escalated': 'messages.event.escalated',
  'ticket.interim_reply': 'messages.event.interimReply',
  'report.monthly': 'messages.event.reportMonthly',
  'rating.requested': 'messages.event.ratingRequested',
  'appeal.filed': 'messages.event.appealFiled',
  'appeal.decided': 'messages.event.appealDecided',
  'ticket.reopened': 'messages.event.reopened',
  'ticket.transferred': 'messages.event.transferred',
  'privacy.answered': 'messages.event.privacyAnswered',
  'privacy.retention_notice': 'messages.event.retentionNotice',
  'privacy.breach': 'messages.event.breachNotice',
};

/** The channel's name ("Email", "SMS", "WhatsApp"). */
export function messageChannelText(channel: MessageChannel): Text {
  return commonText(CHANNEL_KEYS[channel]);
}

/** What the message was about, in a few words ("Status changed"). */
export function messageEventText(event: MessageEvent): Text {
  return commonText(EVENT_KEYS[event]);
}
