import { Center, Loader } from '@mantine/core';
import { type ComponentType, Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary, type RemoteId, SectionUnavailable } from 'shared-contracts';
import { remotePages, retryRemote } from './remoteLoader';

interface Props<R extends RemoteId> {
  remote: R;
  path: string;
}

function RemotePage<R extends RemoteId>({ remote, path }: Props<R>) {
  const pages = use(remotePages(remote)) as Record<string, ComponentType>;
  const Page = pages[path];
  if (!Page) throw new Error(`Remote "${remote}" has no page for ${path}`);
  return <Page />;
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}

/**
 * The one boundary every remote mounts through: Suspense while it downloads, an error boundary
 * if it cannot load (network, manifest, entry) or throws while rendering, and a Retry that
 * really fetches again. Only this remote's routes are affected.
 */
export function RemoteRoute<R extends RemoteId>({ remote, path }: Props<R>) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      // A new boundary per route and per attempt: the router reuses this element from one
      // remote's route to the next, and one section's failure must not follow the visitor.
      key={`${remote}${path}#${attempt}`}
      fallback={() => (
        <SectionUnavailable
          onRetry={() => {
            retryRemote(remote);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      <Suspense fallback={<PageLoader />}>
        <RemotePage remote={remote} path={path} />
      </Suspense>
    </ErrorBoundary>
  );
}
