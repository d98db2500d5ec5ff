import { Alert, Box, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiError,
  errorText,
  formatDate,
  formatDateTime,
  formatDay,
  interimReplySchema,
  roleLabel,
  say,
  type Ticket,
  ticketCity,
  useAuth,
} from 'shared-contracts';
import { DueBadge } from '../../../components/DueBadge';
import { showToast } from '../../../components/showToast';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useInterimReply, useTicketStages } from '../api/useInterimReply';
import { canPostInterimReply, earliestExpectedBy, openStage } from '../rules/interimReply';

interface InterimValues {
  reason: string;
  expectedBy: string;
}

/** The holder's interim reply: why it takes longer and the new expected date (CPGRAMS's rule). */
function InterimReplyForm({
  ticketId,
  minDate,
  onDone,
}: {
  ticketId: number;
  minDate: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const reply = useInterimReply(ticketId);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const form = useForm<InterimValues>({
    initialValues: { reason: '', expectedBy: '' },
    validate: (values) => {
      const errors: Partial<Record<keyof InterimValues, string>> = {};
      if (!values.reason.trim()) errors.reason = t('interim.reasonRequired');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expectedBy)) errors.expectedBy = t('interim.dateRequired');
      return errors;
    },
  });
  const submit = form.onSubmit((values) => {
    const parsed = interimReplySchema.safeParse({
      reason: values.reason.trim(),
      expectedBy: values.expectedBy,
    });
    if (!parsed.success) {
      form.setErrors({ reason: errorText(t, parsed.error.issues[0]?.message ?? '') });
      return;
    }
    setRefusal(null);
    reply.mutate(parsed.data, {
      onSuccess: () => {
        showToast('green', t('interim.posted'));
        onDone();
      },
      // A refusal (422: too many extensions or days, a date too early; 403: not the holder) stays
      // on screen with what was typed, so the holder can change the date or give up.
      onError: (error) => setRefusal(error),
    });
  });
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('interim.formLabel')}>
      <Stack gap="sm">
        {refusal && (
          <Alert color="red" variant="light" role="alert" title={t('interim.refused')}>
            {errorText(t, refusal)}
          </Alert>
        )}
        <Textarea
          label={t('interim.reason')}
          description={t('interim.reasonHint')}
          autosize
          minRows={2}
          maxRows={6}
          withAsterisk
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <TextInput
          type="date"
          label={t('interim.expectedBy')}
          withAsterisk
          min={minDate}
          {...form.getInputProps('expectedBy')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={reply.isPending}>
            {t('interim.cancel')}
          </Button>
          <Button type="submit" loading={reply.isPending}>
            {t('interim.submit')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/**
 * The ticket's open stage in the staff dialog: which stage, who holds it, when it is due (with the
 * due badge), the interim replies already given, and for the stage's holder the Interim reply
 * action (docs/architecture.md#time-and-service-levels).
 */
export function StageDuePanel({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const user = useAuth((state) => state.user);
  const stages = useTicketStages(ticket.id);
  const [open, setOpen] = useState(false);
  const stage = openStage(stages.data?.stages);
  if (stages.isPending) return null;
  if (stages.error) {
    return (
      <Text size="sm" c="gray.7">
        {t('interim.stagesFailed', { message: errorText(t, stages.error) })}
      </Text>
    );
  }
  if (!stage) {
    return (
      <Text size="sm" c="gray.7">
        {t('interim.noOpenStage')}
      </Text>
    );
  }
  const holder = stage.holderName
    ? `${stage.holderName} (${say(t, roleLabel(stage.holderRole))})`
    : say(t, roleLabel(stage.holderRole));
  const mayReply = canPostInterimReply(user, ticketCity(ticket), stage);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          {t(`interim.stage.${stage.stage}`)} · {holder}
        </Text>
        <DueBadge ticket={{ dueAt: stage.dueAt ?? ticket.dueAt, dueSoonAt: ticket.dueSoonAt }} />
      </Group>
      {stage.dueAt && (
        <Text size="sm" c="gray.7">
          {t('interim.dueAt', { when: formatDateTime(stage.dueAt) })}
        </Text>
      )}
      {stage.extensions.length > 0 && (
        <Box component="ul" m={0} pl="md" fz="sm" aria-label={t('interim.given')}>
          {stage.extensions.map((extension) => (
            <li key={extension.createdAt}>
              {t('interim.extension', {
                date: formatDate(extension.createdAt),
                expectedBy: formatDay(extension.expectedBy),
                reason: extension.reason,
              })}
            </li>
          ))}
        </Box>
      )}
      {mayReply &&
        stage.dueAt &&
        (open ? (
          <InterimReplyForm
            ticketId={ticket.id}
            minDate={earliestExpectedBy(stage.dueAt)}
            onDone={() => setOpen(false)}
          />
        ) : (
          <Group>
            <Button variant="light" size="sm" onClick={() => setOpen(true)}>
              {t('interim.open')}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
