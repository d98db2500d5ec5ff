import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a page shows in place of a part of the suite that could not be downloaded or failed while
 * rendering: the shell for a remote, the public bundle for its own pages. Retry is the caller's:
 * fetch the remote again, or reload the page.
 */
export function SectionUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
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
