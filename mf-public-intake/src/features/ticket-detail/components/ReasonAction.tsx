import { Alert, Box, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, errorText, formatDate, memberReasonSchema, refusalText } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { showSuccessToast } from '../../../lib/toast';

/** The texts of one of the member's reasoned moves (`lastWord.reopen`, `lastWord.appeal`). */
export type ReasonKind = 'reopen' | 'appeal';

/**
 * Reopen or appeal (docs/architecture.md#the-members-last-word): what it does and until when it
 * is possible (the server's window), a button that opens the reason's form, the shared reason
 * schema, and the api's refusal (REOPEN_WINDOW_CLOSED, APPEAL_WINDOW_CLOSED, …) shown by its
 * code's text in the form, with the reason kept to copy or send again.
 */
export function ReasonAction({
  kind,
  until,
  mutation,
}: {
  kind: ReasonKind;
  until: string | null | undefined;
  mutation: UseMutationResult<unknown, ApiError, { reason: string }>;
}) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const formId = useId();
  const [open, setOpen] = useState(false);
  const form = useForm({
    initialValues: { reason: '' },
    validate: {
      reason: (reason: string) => {
        const parsed = memberReasonSchema.safeParse(reason);
        return parsed.success ? null : errorText(t, parsed.error.issues[0]?.message ?? '');
      },
    },
  });
  const submit = form.onSubmit(({ reason }) =>
    mutation.mutate(
      { reason: reason.trim() },
      { onSuccess: () => showSuccessToast(t('toast.success'), t(`lastWord.${kind}.sent`)) },
    ),
  );

  return (
    <Stack gap="sm">
      <Text size="sm">
        {until ? t(`lastWord.${kind}.intro`, { date: formatDate(until) }) : t(`lastWord.${kind}.introOpen`)}
      </Text>
      {open ? (
        <Box
          component="form"
          id={formId}
          onSubmit={submit}
          noValidate
          aria-label={t(`lastWord.${kind}.title`)}
        >
          <Stack gap="sm">
            {mutation.error && (
              <Alert color="red" variant="light" role="alert" title={t(`lastWord.${kind}.failedTitle`)}>
                {refusalText(t, mutation.error)}
              </Alert>
            )}
            <Textarea
              label={t(`lastWord.${kind}.reason`)}
              description={t(`lastWord.${kind}.reasonHint`)}
              autosize
              minRows={3}
              maxRows={8}
              withAsterisk
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group gap="sm">
              <Button
                type="submit"
                color={kind === 'appeal' ? 'orange.9' : undefined}
                loading={mutation.isPending}
              >
                {t(`lastWord.${kind}.submit`)}
              </Button>
              <Button variant="default" onClick={() => setOpen(false)} disabled={mutation.isPending}>
                {t('lastWord.cancel')}
              </Button>
            </Group>
          </Stack>
        </Box>
      ) : (
        <Group>
          <Button variant="light" onClick={() => setOpen(true)}>
            {t(`lastWord.${kind}.open`)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
