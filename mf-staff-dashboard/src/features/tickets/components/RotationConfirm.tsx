import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';

/** The catalogue section of a link's rotation: `shareLink` (the ticket's) or `memberLink` (the member's). */
type RotationTexts = 'shareLink' | 'memberLink';

/**
 * A link's rotation, asked before it is done (docs/security.md "Links"): the intro, the button,
 * its confirmation and the refusal. Another ticket or member opened in the same dialog starts
 * again from the button. What a done rotation shows is the caller's (`children`).
 */
export function RotationConfirm<Answer>({
  texts,
  targetId,
  rotation,
  children,
}: {
  texts: RotationTexts;
  targetId: number;
  rotation: UseMutationResult<Answer, Error, number>;
  children?: ReactNode;
}) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const [confirming, setConfirming] = useState(false);
  const { reset } = rotation;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the target changes, not when reset does.
  useEffect(() => {
    setConfirming(false);
    reset();
  }, [targetId]);

  const rotate = () => rotation.mutate(targetId, { onSettled: () => setConfirming(false) });

  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        {t(`${texts}.intro`)}
      </Text>
      {confirming ? (
        <Alert color="yellow" variant="light" title={t(`${texts}.confirmTitle`)}>
          <Stack gap="xs">
            <Text size="sm">{t(`${texts}.confirmText`)}</Text>
            <Group gap="sm">
              <Button color="yellow" onClick={rotate} loading={rotation.isPending}>
                {t(`${texts}.confirm`)}
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)} disabled={rotation.isPending}>
                {t(`${texts}.cancel`)}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group gap="sm">
          <Button variant="default" onClick={() => setConfirming(true)}>
            {t(`${texts}.rotate`)}
          </Button>
        </Group>
      )}
      {rotation.isError && (
        <Alert color="red" variant="light" role="alert">
          {t(`${texts}.failed`, { message: errorText(t, rotation.error) })}
        </Alert>
      )}
      {children}
    </Stack>
  );
}
