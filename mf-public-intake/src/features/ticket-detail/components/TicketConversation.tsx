import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ticket } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { MemberReplyForm } from './MemberReplyForm';
import { PublicTimeline } from './PublicTimeline';

/** /ticket-detail/{id}'s conversation: the public timeline and the member's reply box. */
export function TicketConversation({ ticket, accessKey }: { ticket: Ticket; accessKey: string | null }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('conversation.title')}
        </Title>
        <PublicTimeline entries={ticket.comments} accessKey={accessKey} />
        <MemberReplyForm ticketId={ticket.id} accessKey={accessKey} />
      </Stack>
    </Paper>
  );
}
