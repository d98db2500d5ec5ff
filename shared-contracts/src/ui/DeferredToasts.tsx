import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_OUTLET } from './PageProviders';

const Notifications = lazy(() =>
  import(/* webpackChunkName: "toasts" */ '@mantine/notifications').then((module) => ({
    default: module.Notifications,
  })),
);

const pageLoaded = () => document.readyState === 'complete';

/**
 * Mantine's toast outlet, fetched once the page has loaded (its scripts, preloaded chunks
 * included), so that it never shares a slow link with them (the public form's first visit,
 * ADR 0076). A toast shown before it arrives waits in Mantine's store and appears when the
 * outlet mounts.
 */
export function DeferredToasts() {
  const [wanted, setWanted] = useState(pageLoaded);
  useEffect(() => {
    if (pageLoaded()) {
      setWanted(true);
      return;
    }
    const onLoad = () => setWanted(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...TOAST_OUTLET} />
    </Suspense>
  );
}
