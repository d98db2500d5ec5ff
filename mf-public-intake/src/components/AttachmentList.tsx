import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  attachmentIcon,
  saveStoredFile,
  type TicketFile,
  toApiError,
  viewStoredFile,
} from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../i18n';
import { formatFileSize } from '../lib/format';
import { showErrorToast } from '../lib/toast';
import { FileIcon } from './FileIcon';

/**
 * Each file with View (a new tab) and Download. Files go only to callers who may see the ticket
 * (docs/architecture.md#security-decisions): Download fetches the file with the page's key as `X-Access-Key` and saves
 * it; View asks for a minute's view link with that key and opens the file's server URL.
 */
export function AttachmentList({ files, accessKey }: { files: TicketFile[]; accessKey: string | null }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const [busy, setBusy] = useState<string | null>(null);

  async function open(file: TicketFile, mode: 'view' | 'download') {
    // View opens the file's own server URL (a minute's view link, a sandboxing CSP), never a
    // same-origin blob: URL (docs/security.md "Attachments in the browser"); its tab opens at
    // once, while the click still counts as the user's (else the popup blocker stops it).
    const viewing = mode === 'view' ? viewStoredFile(file.url, { accessKey }) : null;
    setBusy(`${file.key}-${mode}`);
    try {
      await (viewing ?? saveStoredFile(file, { accessKey }));
    } catch (error) {
      showErrorToast(t('toast.error'), t('attachments.failed', { message: toApiError(error).message }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {files.map((file) => {
        const kind = attachmentIcon(file.fileName);
        return (
          <Group key={file.key} component="li" gap="xs" wrap="wrap" align="center" justify="flex-end">
            <Group gap="sm" wrap="nowrap" align="center" style={{ flex: '1 1 13rem', minWidth: 0 }}>
              <FileIcon kind={kind} label={t(`attachments.kinds.${kind}`)} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {file.fileName}
                </Text>
                {file.size ? (
                  <Text size="xs" c="dimmed">
                    {formatFileSize(file.size)}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                aria-label={t('attachments.viewLabel', { name: file.fileName })}
                loading={busy === `${file.key}-view`}
                onClick={() => open(file, 'view')}
              >
                {t('attachments.view')}
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-label={t('attachments.downloadLabel', { name: file.fileName })}
                loading={busy === `${file.key}-download`}
                onClick={() => open(file, 'download')}
              >
                {t('attachments.download')}
              </Button>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
