import { Container, Divider, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotAllowed } from '../components/NotAllowed';
import { BreachRegister } from '../features/privacy/components/BreachRegister';
import { NoticePublisher } from '../features/privacy/components/NoticePublisher';
import { PrivacyRequests } from '../features/privacy/components/PrivacyRequests';
import { useAdminAccess } from '../hooks/useAdminAccess';
import { USER_ADMIN_NS } from '../i18n';

/**
 * /privacy (ADR 0050, 0068, 0069): the members' requests about their data, the privacy notice and
 * the breach register. Admins only, as the api decides.
 */
export default function PrivacyPage() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const { allowed } = useAdminAccess();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('privacy.title')}</Title>
        {allowed ? (
          <>
            <PrivacyRequests />
            <Divider />
            <BreachRegister />
            <Divider />
            <NoticePublisher />
          </>
        ) : (
          <NotAllowed bodyKey="privacy.notAllowed" />
        )}
      </Stack>
    </Container>
  );
}
