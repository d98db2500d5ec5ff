import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useRotateMemberKey } from '../api/useRotateMemberKey';
import { RotationConfirm } from './RotationConfirm';

/**
 * 'Replace the member's link' (docs/security.md "Links"): after a confirmation, the member's key
 * to all their tickets is replaced. The old link stops at once; the new one goes to the member by
 * email only (it opens every ticket of theirs, so it is never shown here).
 */
export function MemberLinkRotation({ memberId }: { memberId: number }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const rotation = useRotateMemberKey();
  return (
    <RotationConfirm texts="memberLink" targetId={memberId} rotation={rotation}>
      {rotation.data && (
        <Alert color="green" variant="light" role="status">
          {rotation.data.memberNotified ? t('memberLink.done') : t('memberLink.doneNoEmail')}
        </Alert>
      )}
    </RotationConfirm>
  );
}
