import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  attachmentIcon,
  saveStoredFile,
  type TicketFile,
  toApiError,
  viewStoredFile,
} from 'shared-contracts';
import {
  DocFileIcon,
  DownloadIcon,
  ExternalIcon,
  FileIcon,
  ImageFileIcon,
  PdfFileIcon,
} from '../../../components/icons';
import { showToast } from '../../../components/showToast';
import { STAFF_DASHBOARD_NS } from '../../../i18n';

const ICONS = { pdf: PdfFileIcon, word: DocFileIcon, image: ImageFileIcon, file: FileIcon } as const;

/**
 * docs/product.md#ticket-details-dialog Attachment: View (a new tab) and Download, the icon by extension. Files go only to
 * callers who may see the ticket (docs/architecture.md#security-decisions): Download fetches the file with the session's
 * token and saves it; View opens its server URL with a short-lived view link.
 */
export function TicketAttachments({ files }: { files: TicketFile[] }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);

  const failed = (error: unknown) =>
    showToast('red', t('details.fileFailed', { message: toApiError(error).message }));

  // View: the file's own server URL in a new tab (a minute's view link, a sandboxing CSP), never
  // a same-origin blob: URL (docs/security.md "Attachments in the browser").
  const view = async (file: TicketFile) => {
    try {
      await viewStoredFile(file.url);
    } catch (error) {
      failed(error);
    }
  };

  const download = async (file: TicketFile) => {
    try {
      await saveStoredFile(file);
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Stack gap="xs">
      {files.map((file) => {
        const Icon = ICONS[attachmentIcon(file.fileName)];
        return (
          <Group key={file.key} gap="sm" wrap="wrap" data-icon={attachmentIcon(file.fileName)}>
            <Icon size={22} />
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {file.fileName}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<ExternalIcon size={14} />}
                aria-label={t('details.viewFileLabel', { name: file.fileName })}
                onClick={() => void view(file)}
              >
                {t('details.viewFile')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<DownloadIcon size={14} />}
                aria-label={t('details.downloadLabel', { name: file.fileName })}
                onClick={() => void download(file)}
              >
                {t('details.download')}
              </Button>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
