import { AppShell, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { authStore, isChromeHidden, useAuth } from 'shared-contracts';
import { SHELL_NS } from '../i18n';

export function Layout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation([SHELL_NS, 'common']);
  const user = useAuth((state) => state.user);

  if (isChromeHidden(pathname)) {
    return (
      <main>
        <Outlet />
      </main>
    );
  }

  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Text fw={700}>{t('common:appName')}</Text>
          {user && (
            <Group gap="sm">
              <Text size="sm">{user.name}</Text>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => {
                  authStore.getState().signOut();
                  navigate('/');
                }}
              >
                {t('header.logout')}
              </Button>
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
