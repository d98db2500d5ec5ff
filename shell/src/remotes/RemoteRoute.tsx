import { Alert, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { type ComponentType, Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteId } from 'shared-contracts';
import { ErrorBoundary } from './ErrorBoundary';
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

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="orange" title={t('remoteUnavailable.title')} role="alert">
        <Stack gap="sm">
          <Text size="sm">{t('remoteUnavailable.body')}</Text>
          <div>
            <Button onClick={onRetry}>{t('remoteUnavailable.retry')}</Button>
          </div>
        </Stack>
      </Alert>
    </Container>
  );
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('loading')} />
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
      key={attempt}
      fallback={() => (
        <RemoteUnavailable
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
