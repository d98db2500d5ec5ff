import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, FileInputField, replyFormRules } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { showSuccessToast } from '../../../lib/toast';
import { useMemberReply } from '../api/useMemberReply';

interface ReplyValues {
  text: string;
  attachment: File | null;
}

/**
 * The member's reply box (docs/architecture.md#conversation-and-notifications): a text and an
 * optional file under the submit's upload rules (docs/product.md#validation), sent with the
 * ticket's key. On @mantine/form, checked by the shared schema (ADR 0013).
 */
export function MemberReplyForm({ ticketId, accessKey }: { ticketId: number; accessKey: string | null }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const reply = useMemberReply(ticketId, accessKey);
  // A new input after each sent reply: a file input cannot be emptied by its value.
  const [round, setRound] = useState(0);
  const form = useForm<ReplyValues>({
    initialValues: { text: '', attachment: null },
    // The shared rules' checks, their texts in the page's language.
    validate: replyFormRules(t),
  });

  const submit = form.onSubmit(({ text, attachment }) =>
    reply.mutate(
      { text: text.trim(), attachment },
      {
        onSuccess: () => {
          showSuccessToast(t('toast.success'), t('conversation.sent'));
          form.reset();
          setRound((value) => value + 1);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {reply.error && (
          <Alert color="red" variant="light" title={t('conversation.failedTitle')}>
            {errorText(t, reply.error)}
          </Alert>
        )}
        <Textarea
          label={t('conversation.replyLabel')}
          description={t('conversation.replyHint')}
          autosize
          minRows={3}
          maxRows={10}
          withAsterisk
          {...form.getInputProps('text')}
        />
        <FileInputField
          key={round}
          label={t('conversation.attachment')}
          description={t('addTicket.attachment.hint')}
          error={form.errors.attachment}
          onChange={(file) => form.setFieldValue('attachment', file)}
        />
        <Group>
          <Button type="submit" loading={reply.isPending}>
            {t('conversation.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
