import { Alert, Box, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  citiesQuery,
  committeesQuery,
  errorText,
  refusalText,
  TEXT_LIMITS,
  type Ticket,
  ticketCity,
  transferRequestSchema,
} from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useTransferTicket } from '../api/useTransferTicket';

interface TransferValues {
  cityId: string;
  committeeId: string;
  reason: string;
}

interface TransferDialogProps {
  /** The ticket to transfer; null when the dialog is closed. */
  ticket: Ticket | null;
  fullScreen: boolean;
  onCancel: () => void;
  /** The ticket was transferred to `city`. */
  onDone: (city: string) => void;
}

/**
 * 'Transfer instead' of rejecting a ticket filed under the wrong city or committee
 * (docs/architecture.md#the-members-last-word): the city (the ticket's own to start with), one of
 * that city's committees, and the reason, checked by the shared schema. The api's refusal
 * (TRANSFER_SAME_PLACE, a 409 when someone acted first) stays in the form, with the choices kept.
 */
export function TransferDialog({ ticket, fullScreen, onCancel, onDone }: TransferDialogProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  return (
    <Modal
      opened={ticket !== null}
      onClose={onCancel}
      title={t('transfer.title')}
      zIndex={300}
      centered
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t('details.close') }}
    >
      {ticket && <TransferForm key={ticket.id} ticket={ticket} onCancel={onCancel} onDone={onDone} />}
    </Modal>
  );
}

function TransferForm({
  ticket,
  onCancel,
  onDone,
}: Omit<TransferDialogProps, 'ticket' | 'fullScreen'> & { ticket: Ticket }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const transfer = useTransferTicket();
  const cities = useQuery(citiesQuery());
  const currentCity = ticketCity(ticket).trim().toLowerCase();
  const form = useForm<TransferValues>({
    initialValues: { cityId: '', committeeId: '', reason: '' },
    validate: (values) => {
      const errors: Partial<Record<keyof TransferValues, string>> = {};
      if (!values.cityId) errors.cityId = t('transfer.cityRequired');
      if (!values.committeeId) errors.committeeId = t('transfer.committeeRequired');
      const reason = transferRequestSchema.shape.reason.safeParse(values.reason);
      if (!reason.success) errors.reason = errorText(t, reason.error.issues[0]?.message ?? '');
      return errors;
    },
  });
  // The ticket's own city until another is chosen (a wrong committee is moved within the city).
  const ownCityId = cities.data?.cities.find((city) => city.name.trim().toLowerCase() === currentCity)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: set once, when the cities arrive; a choice made before is kept.
  useEffect(() => {
    if (ownCityId !== undefined && !form.values.cityId) form.setFieldValue('cityId', String(ownCityId));
  }, [ownCityId]);
  const cityId = form.values.cityId;
  const committees = useQuery({ ...committeesQuery({ cityId: Number(cityId) }), enabled: cityId !== '' });

  const submit = form.onSubmit((values) => {
    const city = cities.data?.cities.find((row) => String(row.id) === cityId);
    const parsed = transferRequestSchema.safeParse({
      cityId: Number(cityId),
      committeeId: Number(values.committeeId),
      reason: values.reason.trim(),
      version: ticket.version,
    });
    if (!parsed.success || !city) return;
    transfer.mutate({ ticketId: ticket.id, body: parsed.data }, { onSuccess: () => onDone(city.name) });
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('transfer.title')}>
      <Stack>
        <Text size="sm">{t('transfer.intro')}</Text>
        {transfer.error && (
          <Alert color="red" variant="light" role="alert" title={t('transfer.failed')}>
            {transfer.error.status === 409 ? t('details.staleMessage') : refusalText(t, transfer.error)}
          </Alert>
        )}
        {cities.error && (
          <Alert color="red" variant="light">
            {t('transfer.optionsFailed', { message: errorText(t, cities.error) })}
          </Alert>
        )}
        <NativeSelect
          label={t('transfer.city')}
          withAsterisk
          data={[
            { value: '', label: t('transfer.chooseCity') },
            ...(cities.data?.cities ?? []).map((city) => ({ value: String(city.id), label: city.name })),
          ]}
          value={cityId}
          error={form.errors.cityId}
          onChange={(event) => {
            form.setFieldValue('cityId', event.currentTarget.value);
            // The committees are the new city's: the choice starts again.
            form.setFieldValue('committeeId', '');
          }}
        />
        <NativeSelect
          label={t('transfer.committee')}
          withAsterisk
          disabled={cityId === '' || committees.isPending}
          data={[
            { value: '', label: t('transfer.chooseCommittee') },
            ...(committees.data?.committees ?? []).map((committee) => ({
              value: String(committee.id),
              label: committee.name,
            })),
          ]}
          {...form.getInputProps('committeeId')}
        />
        <Textarea
          label={t('transfer.reason')}
          description={t('transfer.reasonHint')}
          withAsterisk
          autosize
          minRows={3}
          maxLength={TEXT_LIMITS.comment}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={transfer.isPending}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={transfer.isPending}>
            {t('transfer.submit')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
