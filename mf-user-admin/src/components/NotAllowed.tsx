import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { checkAuthQuery, landingRoute, roleLabel, say, useAuth } from 'shared-contracts';
import { USER_ADMIN_NS } from '../i18n';
import { Banner } from './Banner';

/**
 * The state of a user screen for someone who may not manage users (a role without the Users menu,
 * or any caller the api answered 403). It replaces the content, never an empty table.
 *
 * It also asks the api who the session belongs to (GET /auth/check): a session that was revoked
 * (deactivated, role changed) or has expired gets its 401 there, the shared client signs it out
 * and the shell goes to sign-in, instead of this page telling a signed-out person what they may not do.
 * `bodyKey` names what the screen is about (user accounts by default).
 */
export function NotAllowed({ bodyKey = 'notAllowed.body' }: { bodyKey?: string }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const role = useAuth((state) => state.user?.role);
  // Asked each time the state shows (staleTime 0). A 401 is handled by the shared client and the
  // shell; any other failure changes nothing here.
  useQuery({ ...checkAuthQuery(), staleTime: 0 });
  return (
    <Banner color="orange" title={t('notAllowed.title')}>
      <Stack gap="xs">
        <Text size="sm">{t(bodyKey, { role: say(t, roleLabel(role)) })}</Text>
        <Anchor component={Link} to={landingRoute(role)} size="sm">
          {t('notAllowed.back')}
        </Anchor>
      </Stack>
    </Banner>
  );
}
