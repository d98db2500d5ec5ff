import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotAllowed } from '../components/NotAllowed';
import { FailedMessages } from '../features/messages/components/FailedMessages';
import { useAdminAccess } from '../hooks/useAdminAccess';
import { USER_ADMIN_NS } from '../i18n';

/**
 * /messages: the messages the outbox gave up on, for admins to retry
 * (docs/architecture.md#conversation-and-notifications). Same access as the user screens.
 */
export default function MessagesPage() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const { allowed } = useAdminAccess();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('failedMessages.title')}</Title>
        {allowed ? <FailedMessages /> : <NotAllowed bodyKey="failedMessages.notAllowed" />}
      </Stack>
    </Container>
  );
}
