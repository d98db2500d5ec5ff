import { AppShell, em, Overlay } from '@mantine/core';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { isChromeHidden, SIDEBAR_BREAKPOINT_PX, type StoredUser, useAuth } from 'shared-contracts';
import { SHELL_NS } from '../i18n';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/** The same width Mantine's AppShell switches its navbar at (just under 992 px). */
export const NARROW_QUERY = `(max-width: ${em(SIDEBAR_BREAKPOINT_PX - 0.1)})`;

/**
 * The frame of every route. Header and sidebar are for signed-in staff: they are hidden on the
 * public routes (docs/product.md#layout: /ticket-detail*, /tickets*, /add-ticket) and whenever nobody is
 * signed in (the sign-in screen, the not-found page for a visitor).
 */
export function Layout() {
  const { pathname } = useLocation();
  const user = useAuth((state) => (state.token ? state.user : null));

  if (!user || isChromeHidden(pathname)) {
    return (
      <main>
        <Outlet />
      </main>
    );
  }
  return <StaffLayout user={user} pathname={pathname} />;
}

function StaffLayout({ user, pathname }: { user: StoredUser; pathname: string }) {
  const { t } = useTranslation(SHELL_NS);
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  // Narrow screens: the sidebar is open only on the page it was opened on, so any navigation
  // closes it (docs/product.md#layout: it closes after navigation under 992 px). Wide screens: open by default.
  const [mobileOpenedAt, setMobileOpenedAt] = useState<string | null>(null);
  const [desktopOpened, setDesktopOpened] = useState(true);
  const mobileOpened = mobileOpenedAt === pathname;
  const opened = narrow ? mobileOpened : desktopOpened;

  const closeMobile = () => setMobileOpenedAt(null);
  const toggle = () => {
    if (narrow) setMobileOpenedAt(mobileOpened ? null : pathname);
    else setDesktopOpened((open) => !open);
  };
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') closeMobile();
  });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 240,
        breakpoint: SIDEBAR_BREAKPOINT_PX,
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <Header user={user} sidebarOpened={opened} onToggleSidebar={toggle} />
      <Sidebar role={user.role} pathname={pathname} opened={opened} onNavigate={closeMobile} />
      {narrow && mobileOpened && (
        // The mobile overlay: dims the page under the open sidebar; a tap on it closes the sidebar.
        <Overlay
          component="button"
          type="button"
          aria-label={t('sidebar.close')}
          fixed
          zIndex={99}
          backgroundOpacity={0.45}
          onClick={closeMobile}
          style={{ border: 0, cursor: 'default' }}
        />
      )}
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
