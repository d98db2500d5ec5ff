import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  attachmentIcon,
  downloadAttachment,
  type Ticket,
  toApiError,
  uploadPath,
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

export interface AttachmentLink {
  name: string;
  url: string;
}

function fileNameOf(path: string): string {
  return path.split('/').filter(Boolean).pop() ?? path;
}

function pathOf(kind: 'attachment' | 'photo', stored: string): string {
  return stored.startsWith('/') ? stored : uploadPath(kind, fileNameOf(stored));
}

/** The files of a ticket: its attachment records, else the stored paths of docs/product.md#data. */
export function attachmentsOf(ticket: Ticket): AttachmentLink[] {
  if (ticket.attachments?.length)
    return ticket.attachments.map((file) => ({ name: file.fileName, url: file.url }));
  const links: AttachmentLink[] = [];
  if (ticket.attachmentPath)
    links.push({ name: fileNameOf(ticket.attachmentPath), url: pathOf('attachment', ticket.attachmentPath) });
  if (ticket.photoPath)
    links.push({ name: fileNameOf(ticket.photoPath), url: pathOf('photo', ticket.photoPath) });
  return links;
}

const ICONS = { pdf: PdfFileIcon, word: DocFileIcon, image: ImageFileIcon, file: FileIcon } as const;

/** An object URL lives a minute: long enough for the new tab or the save to read it. */
function release(url: string) {
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * docs/product.md#ticket-details-dialog Attachment: View (a new tab) and Download, the icon by extension. Files go only to
 * callers who may see the ticket (docs/architecture.md#security-decisions): Download fetches the file with the session's
 * token and saves it; View opens its server URL with a short-lived view link.
 */
export function TicketAttachments({ files }: { files: AttachmentLink[] }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);

  const failed = (error: unknown) =>
    showToast('red', t('details.fileFailed', { message: toApiError(error).message }));

  // View: the file's own server URL in a new tab (a minute's view link, a sandboxing CSP), never
  // a same-origin blob: URL (docs/security.md "Attachments in the browser").
  const view = async (file: AttachmentLink) => {
    try {
      await viewStoredFile(file.url);
    } catch (error) {
      failed(error);
    }
  };

  const download = async (file: AttachmentLink) => {
    try {
      const url = URL.createObjectURL(await downloadAttachment(file.url));
      release(url);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.name;
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Stack gap="xs">
      {files.map((file) => {
        const Icon = ICONS[attachmentIcon(file.name)];
        return (
          <Group key={file.url} gap="sm" wrap="wrap" data-icon={attachmentIcon(file.name)}>
            <Icon size={22} />
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {file.name}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<ExternalIcon size={14} />}
                aria-label={t('details.viewFileLabel', { name: file.name })}
                onClick={() => void view(file)}
              >
                {t('details.viewFile')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<DownloadIcon size={14} />}
                aria-label={t('details.downloadLabel', { name: file.name })}
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
