import { AccordionChevron, Anchor, AppShell, Burger, Button, Group, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  HEADER_SCROLL_THRESHOLD_PX,
  LanguageSwitcher,
  landingRoute,
  normaliseRole,
  type StoredUser,
} from 'shared-contracts';
import { useSignOut } from '../auth/useSignOut';
import { HelpDeskLogo } from '../components/Logos';
import { SHELL_NS } from '../i18n';
import { useScrolledPast } from './useScrolledPast';

export const SIDEBAR_ID = 'shell-sidebar';

interface Props {
  user: StoredUser;
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
}

/**
 * docs/product.md#layout header: the sidebar toggle, the logo and a dropdown under the user's name with Logout.
 * Past 70 px of scrolling it gets a tinted background and a shadow, so it stands out from the page.
 */
export function Header({ user, sidebarOpened, onToggleSidebar }: Props) {
  const { t } = useTranslation([SHELL_NS, 'common']);
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const signOut = useSignOut();

  return (
    <AppShell.Header
      mod={{ scrolled }}
      bg={scrolled ? 'helpdesk.0' : 'white'}
      style={{
        boxShadow: scrolled ? 'var(--mantine-shadow-md)' : 'none',
        transition: 'box-shadow 150ms ease, background-color 150ms ease',
      }}
    >
      <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Burger
            opened={sidebarOpened}
            onClick={onToggleSidebar}
            size="sm"
            aria-label={t('header.toggleSidebar')}
            aria-expanded={sidebarOpened}
            aria-controls={SIDEBAR_ID}
          />
          <Anchor component={Link} to={landingRoute(user.role)} underline="never" c="dark.8">
            <Group gap="xs" wrap="nowrap">
              <HelpDeskLogo size={32} alt="" />
              <Text component="span" fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
                {t('common:appName')}
              </Text>
            </Group>
          </Anchor>
        </Group>
        {/* No focus placeholder: it is an empty child of role presentation inside role menu, which
            assistive technology reports as a broken menu; keyboard opening focuses Logout instead. */}
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitcher />
          <Menu position="bottom-end" shadow="md" width={180} withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <Button variant="subtle" color="dark" px="xs" rightSection={<AccordionChevron size={14} />}>
                <Text component="span" size="sm" fw={500} truncate maw={{ base: 130, sm: 240 }}>
                  {user.name || user.email}
                </Text>
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {/* Staff set their absence and stand-in on their profile (the staff dashboard's /profile). */}
              {normaliseRole(user.role) !== 'customer' && (
                <Menu.Item component={Link} to="/profile#out-of-office">
                  {t('header.outOfOffice')}
                </Menu.Item>
              )}
              <Menu.Item onClick={signOut}>{t('header.logout')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </AppShell.Header>
  );
}
