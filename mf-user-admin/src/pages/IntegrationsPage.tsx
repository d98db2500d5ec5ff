import { Container, Divider, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotAllowed } from '../components/NotAllowed';
import { ApiTokens } from '../features/integrations/components/ApiTokens';
import { Webhooks } from '../features/integrations/components/Webhooks';
import { useAdminAccess } from '../hooks/useAdminAccess';
import { USER_ADMIN_NS } from '../i18n';

/**
 * /integrations: API tokens and webhooks for the association's other systems (ADR 0063, 0064).
 * Admins only, as the user screens.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const { allowed } = useAdminAccess();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('integrations.title')}</Title>
        {allowed ? (
          <>
            <ApiTokens />
            <Divider />
            <Webhooks />
          </>
        ) : (
          <NotAllowed bodyKey="integrations.notAllowed" />
        )}
      </Stack>
    </Container>
  );
}
