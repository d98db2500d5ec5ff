// Standalone page of this remote, for working on it alone (`npm run dev -w mf-public-intake`).
// In the suite the shell renders the providers and mounts ./exposes/routes instead.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AppProviders, REMOTE_ROUTES } from 'shared-contracts';
import pages from './exposes/routes';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <Suspense>
          <Routes>
            {REMOTE_ROUTES.publicIntake.map((path) => {
              const Page = pages[path];
              return <Route key={path} path={path} element={<Page />} />;
            })}
            <Route path="*" element={<Navigate to={REMOTE_ROUTES.publicIntake[0]} replace />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
