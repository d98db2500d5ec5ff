import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useRotateShareKey } from '../api/useRotateShareKey';
import { MemberLinkRotation } from './MemberLinkRotation';

/**
 * 'Rotate link' (docs/security.md "Links"): after a confirmation, the ticket gets a new share key.
 * The old link stops at once; the new one is shown here to copy, and the api emails it to the
 * member. Below it, the member's own link (MemberLinkRotation).
 */
export function ShareLinkRotation({
  ticketId,
  memberId = null,
}: {
  ticketId: number;
  memberId?: number | null;
}) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const [confirming, setConfirming] = useState(false);
  const rotation = useRotateShareKey();
  const { reset } = rotation;

  // Another ticket opened in the same dialog starts from the button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the ticket changes, not when reset does.
  useEffect(() => {
    setConfirming(false);
    reset();
  }, [ticketId]);

  const rotate = () =>
    rotation.mutate(ticketId, {
      onSettled: () => setConfirming(false),
    });

  const link = rotation.data ? `${window.location.origin}${rotation.data.shareUrl}` : null;

  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        {t('shareLink.intro')}
      </Text>
      {confirming ? (
        <Alert color="yellow" variant="light" title={t('shareLink.confirmTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('shareLink.confirmText')}</Text>
            <Group gap="sm">
              <Button color="yellow" onClick={rotate} loading={rotation.isPending}>
                {t('shareLink.confirm')}
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)} disabled={rotation.isPending}>
                {t('shareLink.cancel')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group gap="sm">
          <Button variant="default" onClick={() => setConfirming(true)}>
            {t('shareLink.rotate')}
          </Button>
        </Group>
      )}
      {rotation.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('shareLink.failed', { message: errorText(t, rotation.error) })}
        </Alert>
      )}
      {link && rotation.data && (
        <Alert color="green" variant="light" role="status" title={t('shareLink.done')}>
          <Stack gap="xs">
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('shareLink.newLink')}
                value={link}
                readOnly
                style={{ flex: 1, minWidth: 0 }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t('shareLink.copied') : t('shareLink.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm">
              {rotation.data.memberNotified
                ? t('shareLink.memberNotified')
                : t('shareLink.memberNotNotified')}
            </Text>
          </Stack>
        </Alert>
      )}
      {memberId !== null && <MemberLinkRotation memberId={memberId} />}
    </Stack>
  );
}
