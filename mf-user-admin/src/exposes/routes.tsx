// The only module the shell loads from this remote: one lazily loaded page per owned route.
import '../i18n';
import { lazy } from 'react';
import type { RemotePages } from 'shared-contracts';

const pages: RemotePages<'userAdmin'> = {
  '/users': lazy(() => import('../pages/UsersPage')),
  '/activity': lazy(() => import('../pages/ActivityPage')),
  '/messages': lazy(() => import('../pages/MessagesPage')),
  '/chapters': lazy(() => import('../pages/ChaptersPage')),
  '/integrations': lazy(() => import('../pages/IntegrationsPage')),
  '/privacy': lazy(() => import('../pages/PrivacyPage')),
};

export default pages;
