import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, replyFile, shownHistoryText, type TicketComment } from 'shared-contracts';
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
    <Stack
      component="ol"
      gap="sm"
      m={0}
      p={0}
      aria-label={t('conversation.timeline')}
      style={{ listStyle: 'none' }}
    >
      {shown.map((entry, index) => {
        const fromMember = entry.actorRole === 'customer';
        return (
          <Box
            component="li"
            key={entry.id ?? index}
            pl="sm"
            style={{
              borderLeft: `3px solid var(--mantine-color-${fromMember ? 'blue-6' : 'green-7'})`,
            }}
          >
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {entryAuthor(entry, t('conversation.helpDesk'))}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.createdAt)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {shownHistoryText(t, entry)}
            </Text>
            {entry.attachment && (
              <Box mt={4}>
                <AttachmentList files={[replyFile(entry.attachment)]} accessKey={accessKey} />
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
