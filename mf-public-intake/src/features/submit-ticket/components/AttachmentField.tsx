import { Box, Button, Group, Input, Stack, Text } from '@mantine/core';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT, attachmentError, say } from 'shared-contracts';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { formatFileSize } from '../../../lib/format';
import { showErrorToast } from '../../../lib/toast';

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
}

/**
 * docs/product.md#submit-form, docs/product.md#validation Attachment: PDF, DOC, DOCX, JPG, JPEG, PNG, at most 20MB. A file over the limit
 * gives the error toast 'File size (X MB) exceeds the maximum limit of 20MB' and is cleared; a
 * file of another type likewise. The chosen file shows on a line with Remove, else
 * 'No file selected'. The native input stays in the page (keyboard, screen readers, the phone's
 * picker) but is drawn as the 'Choose File' button.
 */
export function AttachmentField({ file, onChange }: Props) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const id = useId();
  const [inputId, hintId, statusId] = ['input', 'hint', 'status'].map((part) => `${id}-${part}`);
  const [focused, setFocused] = useState(false);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    // The file lives in state; an empty input lets the same file be chosen again after Remove.
    event.currentTarget.value = '';
    if (!chosen) return;
    const problem = attachmentError(chosen);
    if (problem) {
      showErrorToast(t('toast.error'), say(t, problem));
      onChange(null);
      return;
    }
    onChange(chosen);
  }

  return (
    <Box pos="relative">
      <Input.Label htmlFor={inputId}>{t('addTicket.fields.attachment')}</Input.Label>
      <Input.Description id={hintId} mb={6}>
        {t('addTicket.attachment.hint')}
      </Input.Description>
      <input
        id={inputId}
        type="file"
        name="attachment"
        accept={ATTACHMENT_ACCEPT}
        aria-describedby={`${hintId} ${statusId}`}
        style={visuallyHidden}
        onChange={handleChange}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <Stack gap={6} align="flex-start">
        <Button
          component="label"
          htmlFor={inputId}
          variant="default"
          size="sm"
          style={
            focused
              ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: 2 }
              : undefined
          }
        >
          {t('addTicket.attachment.choose')}
        </Button>
        <Group gap="xs" wrap="nowrap" align="center" w="100%">
          <Text id={statusId} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>
            {file
              ? t('addTicket.attachment.selected', { name: file.name, size: formatFileSize(file.size) })
              : t('addTicket.attachment.noFile')}
          </Text>
          {file && (
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              size="compact-sm"
              aria-label={t('addTicket.attachment.removeLabel', { name: file.name })}
              onClick={() => onChange(null)}
            >
              {t('addTicket.attachment.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Box>
  );
}
