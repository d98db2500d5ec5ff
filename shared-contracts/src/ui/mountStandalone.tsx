import { type ComponentType, StrictMode, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { restoreLanguage } from '../i18n';
import { REMOTE_ROUTES, type RemoteId, type RemotePages } from '../routing/remoteRoutes';
import { AppProviders } from './AppProviders';

/**
 * The standalone page of a remote (`npm run dev -w <remote>`): the providers the shell would give
 * it and its own routes, so a team can work on its remote alone. Unknown paths go to its first route.
 */
export function mountStandalone<R extends RemoteId>(remote: R, pages: RemotePages<R>): Root {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const paths: readonly string[] = REMOTE_ROUTES[remote];
  const pagesByPath = pages as Record<string, ComponentType>;
  const root = createRoot(container);
  void restoreLanguage().catch(() => {});
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <Suspense>
            <Routes>
              {paths.map((path) => {
                const Page = pagesByPath[path] as ComponentType;
                return <Route key={path} path={path} element={<Page />} />;
              })}
              <Route path="*" element={<Navigate to={paths[0] ?? '/'} replace />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
  return root;
}
