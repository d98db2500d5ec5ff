import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from 'shared-contracts';
import { USER_ADMIN_NS } from '../i18n';
import { Banner } from './Banner';

/** A list that could not be loaded: what went wrong, in the page's language, and a button to try again. */
export function LoadFailedBanner({
  title,
  error,
  retryLabel,
  onRetry,
}: {
  title: string;
  /** The query's error (an api refusal keeps its code, so its text is translated). */
  error: Parameters<typeof errorText>[1];
  retryLabel: string;
  onRetry: () => unknown;
}) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <Banner color="red" title={title}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorText(t, error)}</Text>
        <Button size="xs" variant="default" onClick={() => void onRetry()}>
          {retryLabel}
        </Button>
      </Group>
    </Banner>
  );
}
