import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotAllowed } from '../components/NotAllowed';
import { MfaPolicyPanel } from '../features/secondFactor/components/MfaPolicyPanel';
import { UserManagement } from '../features/users/components/UserManagement';
import { useAdminAccess } from '../hooks/useAdminAccess';
import { USER_ADMIN_NS } from '../i18n';

/**
 * /users: docs/product.md#user-management, then the second factor policy (ADR 0054); a role without
 * the Users menu gets the 'not allowed' state.
 */
export default function UsersPage() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const { allowed } = useAdminAccess();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('users.title')}</Title>
        {allowed ? (
          <>
            <UserManagement />
            <MfaPolicyPanel />
          </>
        ) : (
          <NotAllowed />
        )}
      </Stack>
    </Container>
  );
}
