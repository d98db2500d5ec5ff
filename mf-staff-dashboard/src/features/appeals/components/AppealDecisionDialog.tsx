import { Alert, Box, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  type Appeal,
  type AppealDecision,
  appealDecisionRequestSchema,
  errorText,
  refusalText,
  TEXT_LIMITS,
  ticketIdDisplay,
} from 'shared-contracts';
import { showToast } from '../../../components/showToast';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useAppealDecision } from '../api/useAppeals';

/** The decisions in the order the dialog offers them. */
const DECISIONS: readonly AppealDecision[] = ['uphold', 'remand', 'dismiss'];

interface DecisionValues {
  outcome: AppealDecision | '';
  reason: string;
}

/**
 * The association president's decision on an appeal (docs/architecture.md#the-members-last-word):
 * Uphold, Send back to the chapter (the city president gets the ticket again with the appeal's
 * text) or Dismiss, with reasons the member reads. Checked by the shared schema; a refusal of the
 * api (APPEAL_ALREADY_DECIDED, …) stays in the dialog by its code's text, with the choice and the
 * reasons kept.
 */
export function AppealDecisionDialog({ appeal, onClose }: { appeal: Appeal | null; onClose: () => void }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const mobile = useIsMobile();
  return (
    <Modal
      opened={appeal !== null}
      onClose={onClose}
      title={appeal ? t('appeals.decide.title', { ticket: ticketIdDisplay(appeal.ticketId) }) : ''}
      fullScreen={mobile}
      size="lg"
      closeButtonProps={{ 'aria-label': t('details.close') }}
    >
      {/* Keyed by appeal: another appeal starts with an empty form. */}
      {appeal && <DecisionForm key={appeal.id} appeal={appeal} onClose={onClose} />}
    </Modal>
  );
}

function DecisionForm({ appeal, onClose }: { appeal: Appeal; onClose: () => void }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const decision = useAppealDecision();
  const form = useForm<DecisionValues>({
    initialValues: { outcome: '', reason: '' },
    validate: (values) => {
      const errors: Partial<Record<keyof DecisionValues, string>> = {};
      if (!values.outcome) errors.outcome = t('appeals.decide.outcomeRequired');
      const parsed = appealDecisionRequestSchema.shape.reason.safeParse(values.reason);
      if (!parsed.success) errors.reason = errorText(t, parsed.error.issues[0]?.message ?? '');
      return errors;
    },
  });
  const submit = form.onSubmit(({ outcome, reason }) => {
    if (!outcome) return;
    decision.mutate(
      { appealId: appeal.id, body: { outcome, reason: reason.trim() } },
      {
        onSuccess: () => {
          showToast(
            'green',
            t(`appeals.decide.done.${outcome}`, { ticket: ticketIdDisplay(appeal.ticketId) }),
          );
          onClose();
        },
      },
    );
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('appeals.decide.formLabel')}>
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {appeal.title}
          </Text>
          <Text size="xs" c="gray.7">
            {t('appeals.decide.memberAppeal')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {appeal.reason}
          </Text>
        </Stack>
        {decision.error && (
          <Alert color="red" variant="light" role="alert" title={t('appeals.decide.failed')}>
            {refusalText(t, decision.error)}
          </Alert>
        )}
        <Radio.Group label={t('appeals.decide.outcome')} withAsterisk {...form.getInputProps('outcome')}>
          <Stack gap="xs" mt={6}>
            {DECISIONS.map((outcome) => (
              <Radio
                key={outcome}
                value={outcome}
                label={t(`appeals.decide.options.${outcome}`)}
                description={t(`appeals.decide.hints.${outcome}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('appeals.decide.reason')}
          description={t('appeals.decide.reasonHint')}
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          maxLength={TEXT_LIMITS.comment}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={decision.isPending}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" loading={decision.isPending}>
            {t('appeals.decide.submit')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
