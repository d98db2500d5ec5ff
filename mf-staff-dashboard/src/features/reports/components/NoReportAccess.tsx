import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { checkAuthQuery, landingRoute, roleLabel, say, useAuth } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';

/**
 * /reports for a role without reports, or any caller the api answered 403, as the user screens
 * show it: what the screen is for, the role they are signed in as, and the way back. It also asks
 * the api who the session belongs to, so a revoked session goes to sign-in instead.
 */
export function NoReportAccess() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const role = useAuth((state) => state.user?.role);
  useQuery({ ...checkAuthQuery(), staleTime: 0 });
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title={t('reports.noAccess.title')}
      styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{t('reports.noAccess.body', { role: say(t, roleLabel(role)) })}</Text>
        <Anchor component={Link} to={landingRoute(role)} size="sm">
          {t('reports.noAccess.back')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
