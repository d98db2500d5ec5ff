import type { CommentVisibility, MessageChannel, MessageEvent, MessageStatus } from 'shared-contracts';

/** The catalogue key of each channel's name in the list of messages sent. */
export const CHANNEL_KEYS: Record<MessageChannel, string> = {
  email: 'messages.channel.email',
  sms: 'messages.channel.sms',
  whatsapp: 'messages.channel.whatsapp',
};

/** What each event's message said, in a few words. */
export const EVENT_KEYS: Record<MessageEvent, string> = {
  'ticket.submitted': 'messages.event.submitted',
  'ticket.status_changed': 'messages.event.statusChanged',
  'ticket.handed_off': 'messages.event.handedOff',
  'ticket.replied': 'messages.event.replied',
  'member.link_requested': 'messages.event.linkRequested',
  'ticket.link_rotated': 'messages.event.shareLinkRotated',
  'member.link_rotated': 'messages.event.memberLinkRotated',
};

/** Each state's label and badge colour: sent green, waiting blue, held yellow, failed red. */
export const STATUS_BADGES: Record<MessageStatus, { key: string; color: string }> = {
  queued: { key: 'messages.status.queued', color: 'blue' },
  sent: { key: 'messages.status.sent', color: 'green' },
  held: { key: 'messages.status.held', color: 'yellow' },
  failed: { key: 'messages.status.failed', color: 'red' },
};

/** An entry without a visibility is public: the chain's own entries are (docs/architecture.md#conversation-and-notifications). */
export function isInternal(entry: { visibility?: CommentVisibility | null }): boolean {
  return entry.visibility === 'internal';
}
