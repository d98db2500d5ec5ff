import type { CommentVisibility, MessageStatus } from 'shared-contracts';

/** Each state's label and badge colour: sent green, delivered teal, waiting blue, held yellow, failed red. */
export const STATUS_BADGES: Record<MessageStatus, { key: string; color: string }> = {
  queued: { key: 'messages.status.queued', color: 'blue' },
  sent: { key: 'messages.status.sent', color: 'green' },
  delivered: { key: 'messages.status.delivered', color: 'teal' },
  held: { key: 'messages.status.held', color: 'yellow' },
  failed: { key: 'messages.status.failed', color: 'red' },
};

/** An entry without a visibility is public: the chain's own entries are (docs/architecture.md#conversation-and-notifications). */
export function isInternal(entry: { visibility?: CommentVisibility | null }): boolean {
  return entry.visibility === 'internal';
}
