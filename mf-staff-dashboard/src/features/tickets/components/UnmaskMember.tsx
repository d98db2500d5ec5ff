import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useUnmask } from '../api/useUnmask';

/**
 * A shielded member's identity for the association president and admins (ADR 0049): asked for
 * with a reason, which the audit trail keeps; the chapter never sees it.
 */
export function UnmaskMember({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const unmask = useUnmask(ticketId);
  const [reason, setReason] = useState('');
  if (unmask.data) {
    const { customer } = unmask.data;
    return (
      <Alert color="grape" variant="light" role="status">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {[customer.fullName, customer.email, customer.mobile].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm">{t('common:recusal.unmaskRecorded')}</Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label={t('common:recusal.unmaskReason')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={unmask.error ? errorText(t, unmask.error) : undefined}
        style={{ flex: 1, minWidth: 220 }}
      />
      <Button
        variant="default"
        disabled={!reason.trim()}
        loading={unmask.isPending}
        onClick={() => unmask.mutate(reason.trim())}
      >
        {t('common:recusal.unmaskSubmit')}
      </Button>
    </Group>
  );
}
