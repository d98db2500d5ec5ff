import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useRotateMemberKey } from '../api/useRotateMemberKey';

/**
 * 'Replace the member's link' (docs/security.md "Links"): after a confirmation, the member's key
 * to all their tickets is replaced. The old link stops at once; the new one goes to the member by
 * email only (it opens every ticket of theirs, so it is never shown here).
 */
export function MemberLinkRotation({ memberId }: { memberId: number }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const [confirming, setConfirming] = useState(false);
  const rotation = useRotateMemberKey();
  const { reset } = rotation;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the member changes, not when reset does.
  useEffect(() => {
    setConfirming(false);
    reset();
  }, [memberId]);

  const rotate = () => rotation.mutate(memberId, { onSettled: () => setConfirming(false) });

  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        {t('memberLink.intro')}
      </Text>
      {confirming ? (
        <Alert color="yellow" variant="light" title={t('memberLink.confirmTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('memberLink.confirmText')}</Text>
            <Group gap="sm">
              <Button color="yellow" onClick={rotate} loading={rotation.isPending}>
                {t('memberLink.confirm')}
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)} disabled={rotation.isPending}>
                {t('memberLink.cancel')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group gap="sm">
          <Button variant="default" onClick={() => setConfirming(true)}>
            {t('memberLink.rotate')}
          </Button>
        </Group>
      )}
      {rotation.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('memberLink.failed', { message: errorText(t, rotation.error) })}
        </Alert>
      )}
      {rotation.data && (
        <Alert color="green" variant="light" role="status">
          {rotation.data.memberNotified ? t('memberLink.done') : t('memberLink.doneNoEmail')}
        </Alert>
      )}
    </Stack>
  );
}
