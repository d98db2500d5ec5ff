import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A screen's loading state: a spinner with a name, announced politely. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text size="sm">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A screen's error state: the message in a red alert and one way on (docs/product.md#screens). */
export function ErrorState({
  title,
  message,
  action,
}: {
  title: string;
  message: string;
  action: { label: string; to: string };
}) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title={title}>
        {message}
      </Alert>
      <div>
        <Button component={Link} to={action.to}>
          {action.label}
        </Button>
      </div>
    </Stack>
  );
}
