/**
 * The public bundle's entry (ADR 0010): what a visitor who opens /add-ticket, /ticket-detail/:id
 * or /tickets/:userId runs. The same pages and providers as inside the shell, built without
 * Module Federation so that only what they use is downloaded. The page sits in a `<main>`, as
 * the shell's layout puts it on these routes (no header or sidebar, docs/product.md#screens). A link to any other
 * route (the shell's) is a full page load, so the shell serves it.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Center, Loader } from '@mantine/core';
import { type ComponentType, StrictMode, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  DeferredToasts,
  ErrorBoundary,
  PageProviders,
  REMOTE_ROUTES,
  restoreLanguage,
  SectionUnavailable,
} from 'shared-contracts';
import { BUNDLE_STARTED, PRERENDERED_ID } from './early/earlyFormMarks';
import pages from './exposes/routes';
import { storeOptions } from './features/submit-ticket/api/formOptions';
import { keepServedPresidents } from './features/submit-ticket/api/servedPresidents';
import { handOffPrerendered, prerenderedOptions, prerenderedPresidents } from './lib/prerendered';

// The live form is coming: the early form script holds a Submit click for it (ADR 0036).
document.documentElement.dataset[BUNDLE_STARTED] = 'true';
// The frame's lists are the current ones (ADR 0035): the live form starts with them, so a city
// or committee chosen in the frame is there to keep, and the server's answer replaces them.
for (const [kind, list] of Object.entries(prerenderedOptions())) {
  if (list) storeOptions(kind as 'cities' | 'committees', list);
}
// And so are its cities' presidents: the live form shows a chosen city's at once (ADR 0081).
keepServedPresidents(prerenderedPresidents());

/**
 * A page with a prerendered frame names the whole stylesheet `disabled` (not fetched: on a slow
 * link it would share the bandwidth with the scripts, ADR 0076). Once the live page (or the
 * alert) has taken the frame's place, the scripts are here: fetch and apply it. Its place in
 * <head> is before the frame's inline rules and Mantine's theme variables, which win over it.
 */
function enableDeferredStylesheets(): void {
  for (const sheet of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-stylesheet]'))
    sheet.disabled = false;
}

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}

/**
 * Rendered next to the page once it has rendered: the live page takes the prerendered frame's
 * place. Next to the alert of a page chunk that could not load (`keepForm`), a loading frame gives
 * the alert its place (left up, it would hide the alert behind "Loading…" for ever) while the
 * form's frame stays, since it posts without scripts (ADR 0035).
 * The bundle runs on Preact (ADR 0075), whose Suspense runs the effects of a page's siblings while
 * the page's chunk is still on its way: the hand-off then waits until the page's DOM is in the
 * document, just before its marker.
 */
function PrerenderedHandOff({ keepForm = false }: { keepForm?: boolean }) {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const handOff = () => {
      handOffPrerendered();
      enableDeferredStylesheets();
    };
    if (keepForm && document.querySelector(`#${PRERENDERED_ID} form`)) {
      enableDeferredStylesheets();
      return;
    }
    const element = marker.current;
    // The page (or the alert) renders just before the marker.
    const pageShown = () => Boolean(element?.isConnected && element.previousElementSibling);
    if (!element || pageShown()) {
      handOff();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!pageShown()) return;
      observer.disconnect();
      handOff();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [keepForm]);
  return <span ref={marker} hidden />;
}

/** The path this page was served for: never reloaded (a path the server and router disagree on). */
const SERVED_PATH = window.location.pathname;

/** Any route these pages do not own belongs to the shell: load it from the server. */
function ShellRoute() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (pathname !== SERVED_PATH) window.location.assign(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return null;
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const pagesByPath = pages as Record<string, ComponentType>;

// A visitor who chose Hindi or Marathi before gets the live page in it (its catalogues are
// fetched meanwhile); an English visitor waits for nothing more. Not for the whole stylesheet
// either (ADR 0076): the frame's inline rules are those of the form the live page renders, so the
// rest (toasts, alerts, the progress bar) is fetched once the live page is in place.
// And not before the browser has painted the frame: when the scripts come from the cache (a
// repeat visit) they may run before the first paint, and the live page's first render would keep
// the page blank for its whole length (on a phone at 4x: about 0.5 s more before anything shows).
// (A tab opened in the background paints nothing and runs no animation frame: it renders at once.)
const afterNextPaint = () =>
  document.visibilityState === 'hidden'
    ? Promise.resolve()
    : new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
void restoreLanguage()
  .catch(() => {})
  .then(afterNextPaint)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <PageProviders toasts={<DeferredToasts />}>
          <BrowserRouter>
            <main>
              {/* A page chunk that cannot be downloaded (a phone losing its network) gets the
                shell's alert; Retry reloads the page, which fetches the chunk again. */}
              <ErrorBoundary
                fallback={() => (
                  <>
                    <SectionUnavailable onRetry={() => window.location.reload()} />
                    <PrerenderedHandOff keepForm />
                  </>
                )}
              >
                <Suspense fallback={<PageLoader />}>
                  <Routes>
                    {REMOTE_ROUTES.publicIntake.map((path) => {
                      const Page = pagesByPath[path] as ComponentType;
                      return (
                        <Route
                          key={path}
                          path={path}
                          element={
                            <>
                              <Page />
                              <PrerenderedHandOff />
                            </>
                          }
                        />
                      );
                    })}
                    <Route path="*" element={<ShellRoute />} />
                  </Routes>
                </Suspense>
              </ErrorBoundary>
            </main>
          </BrowserRouter>
        </PageProviders>
      </StrictMode>,
    ),
  );
