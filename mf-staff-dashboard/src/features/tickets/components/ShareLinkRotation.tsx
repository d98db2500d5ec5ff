import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useRotateShareKey } from '../api/useRotateShareKey';
import { MemberLinkRotation } from './MemberLinkRotation';
import { RotationConfirm } from './RotationConfirm';

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
  const rotation = useRotateShareKey();
  const link = rotation.data ? `${window.location.origin}${rotation.data.shareUrl}` : null;

  return (
    <Stack gap="xs">
      <RotationConfirm texts="shareLink" targetId={ticketId} rotation={rotation}>
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
      </RotationConfirm>
      {memberId !== null && <MemberLinkRotation memberId={memberId} />}
    </Stack>
  );
}
