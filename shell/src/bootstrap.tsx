import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, restoreLanguage } from 'shared-contracts';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The language kept from an earlier visit first (ADR 0025): its catalogues are small chunks.
void restoreLanguage()
  .catch(() => {})
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
