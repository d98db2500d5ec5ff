import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { type CommentVisibility, errorText, FileInputField, replyFormRules } from 'shared-contracts';
import { showToast } from '../../../components/showToast';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useTicketReply } from '../api/useTicketReply';
import { CannedAnswerPicker } from './CannedAnswerPicker';

interface ReplyValues {
  text: string;
  attachment: File | null;
  /** The canned answer the reply started from, if any (its use is counted when it is sent). */
  cannedResponseId: number | null;
}

/**
 * 'Reply to member' (public: the member sees it and is emailed) or 'Add internal note' (staff
 * only), each with an optional file under the submit's upload rules (docs/product.md#validation).
 * On @mantine/form, checked by the shared schema (ADR 0013).
 */
export function StaffReplyForm({
  ticketId,
  visibility,
  onDone,
}: {
  ticketId: number;
  visibility: CommentVisibility;
  onDone: () => void;
}) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const reply = useTicketReply();
  const internal = visibility === 'internal';
  const form = useForm<ReplyValues>({
    initialValues: { text: '', attachment: null, cannedResponseId: null },
    // The shared rules' checks, their texts in the page's language.
    validate: replyFormRules(t),
  });

  const submit = form.onSubmit(({ text, attachment, cannedResponseId }) => {
    reply.mutate(
      { ticketId, text: text.trim(), visibility, attachment, cannedResponseId },
      {
        onSuccess: () => {
          showToast('green', t(internal ? 'conversation.noteSaved' : 'conversation.replySent'));
          form.reset();
          onDone();
        },
        onError: (error) =>
          form.setFieldError('text', t('conversation.failed', { message: errorText(t, error) })),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" p="sm" bg={internal ? 'yellow.0' : 'gray.0'} style={{ borderRadius: 8 }}>
        {!internal && (
          <CannedAnswerPicker
            ticketId={ticketId}
            onInsert={({ id, text }) => {
              const written = form.getValues().text.trimEnd();
              form.setFieldValue('text', written ? `${written}\n\n${text}` : text);
              form.setFieldValue('cannedResponseId', id);
            }}
          />
        )}
        <Textarea
          label={t(internal ? 'conversation.noteLabel' : 'conversation.replyLabel')}
          description={t(internal ? 'conversation.noteHint' : 'conversation.replyHint')}
          autosize
          minRows={3}
          maxRows={10}
          withAsterisk
          data-autofocus
          {...form.getInputProps('text')}
        />
        <FileInputField
          label={t('conversation.attachment')}
          description={t('conversation.attachmentHint')}
          error={form.errors.attachment}
          onChange={(file) => form.setFieldValue('attachment', file)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={reply.isPending}>
            {t('conversation.cancel')}
          </Button>
          <Button type="submit" loading={reply.isPending}>
            {t(internal ? 'conversation.saveNote' : 'conversation.sendReply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
