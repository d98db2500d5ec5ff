import { AppShell, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { sidebarMenu } from 'shared-contracts';
import { useSignOut } from '../auth/useSignOut';
import { SHELL_NS } from '../i18n';
import { SIDEBAR_ID } from './Header';

interface Props {
  role: string;
  pathname: string;
  /** A closed sidebar is off screen: `inert` keeps it out of the tab order and the reading order. */
  opened: boolean;
  /** Called when an entry is followed (the narrow layout closes the sidebar then). */
  onNavigate: () => void;
}

/** docs/product.md#layout sidebar menu by role, from the shared rule `sidebarMenu`. */
export function Sidebar({ role, pathname, opened, onNavigate }: Props) {
  const { t } = useTranslation(SHELL_NS);
  const signOut = useSignOut();

  return (
    <AppShell.Navbar id={SIDEBAR_ID} p="sm" maw={300} aria-label={t('sidebar.label')} inert={!opened}>
      {sidebarMenu(role).map((item) =>
        item.key === 'logout' ? (
          <NavLink
            key={item.key}
            component="button"
            type="button"
            label={t('sidebar.logout')}
            onClick={signOut}
          />
        ) : (
          <NavLink
            key={item.key}
            component={Link}
            to={item.path}
            label={t(`sidebar.${item.key}`)}
            active={pathname === item.path}
            aria-current={pathname === item.path ? 'page' : undefined}
            onClick={onNavigate}
          />
        ),
      )}
    </AppShell.Navbar>
  );
}
