import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotAllowed } from '../components/NotAllowed';
import { AuditTrail } from '../features/audit/components/AuditTrail';
import { UserOverview } from '../features/overview/components/UserOverview';
import { useAdminAccess } from '../hooks/useAdminAccess';
import { USER_ADMIN_NS } from '../i18n';

/**
 * /activity: the Users page of the admin menu (docs/product.md#routes), an overview of the accounts
 * and the audit trail (docs/security.md "Audit trail"): the activity of the help desk's users.
 */
export default function ActivityPage() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const { allowed } = useAdminAccess();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('activity.title')}</Title>
        {allowed ? <UserOverview /> : <NotAllowed />}
        {allowed && <AuditTrail />}
      </Stack>
    </Container>
  );
}
