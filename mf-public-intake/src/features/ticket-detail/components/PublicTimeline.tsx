import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  replyFile,
  shownHistoryText,
  type TicketComment,
  Timeline,
  TimelineEntry,
} from 'shared-contracts';
import { AttachmentList } from '../../../components/AttachmentList';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { entryAuthor, publicEntries } from '../../../rules/publicTimeline';

/**
 * The ticket's public timeline (docs/architecture.md#conversation-and-notifications): the chain's
 * steps and the replies of both sides, oldest first, each with its file. Never an internal note.
 */
export function PublicTimeline({
  entries,
  accessKey,
}: {
  entries: readonly TicketComment[] | null | undefined;
  accessKey: string | null;
}) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const shown = publicEntries(entries);
  if (shown.length === 0) return <Text size="sm">{t('conversation.empty')}</Text>;
  return (
    <Timeline gap="sm" label={t('conversation.timeline')}>
      {shown.map((entry, index) => (
        <TimelineEntry
          key={entry.id ?? index}
          accent={entry.actorRole === 'customer' ? 'blue-6' : 'green-7'}
          author={entryAuthor(entry, t('conversation.helpDesk'))}
          time={formatDateTime(entry.createdAt)}
          text={shownHistoryText(t, entry)}
          file={
            entry.attachment && <AttachmentList files={[replyFile(entry.attachment)]} accessKey={accessKey} />
          }
        />
      ))}
    </Timeline>
  );
}
