import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_MB } from '../constants';
import { commonText, type Text } from '../i18n/text';

/** The lowercase extension with its dot ('.pdf'), or '' when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot).toLowerCase() : '';
}

/** The file input's `accept`. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.join(',');

/** docs/product.md#validation: 'File size (X MB) exceeds the maximum limit of 20MB', X with two decimals. */
export function fileTooLarge(bytes: number): Text {
  return commonText('errors.fileTooLarge', {
    size: (bytes / (1024 * 1024)).toFixed(2),
    max: ATTACHMENT_MAX_MB,
  });
}

/** docs/product.md#validation: the file types a ticket or a reply takes. */
export const FILE_TYPE: Text = commonText('errors.fileType');

/** docs/product.md#validation attachment check: the error, or null when the file may be attached. */
export function attachmentError(file: { name: string; size: number }): Text | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return fileTooLarge(file.size);
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return FILE_TYPE;
  return null;
}

export type AttachmentIcon = 'pdf' | 'word' | 'image' | 'file';

/** docs/product.md#ticket-details-dialog dialog: the icon of an attachment by extension (pdf; doc or docx; jpg, jpeg or png). */
export function attachmentIcon(fileName: string): AttachmentIcon {
  switch (fileExtension(fileName)) {
    case '.pdf':
      return 'pdf';
    case '.doc':
    case '.docx':
      return 'word';
    case '.jpg':
    case '.jpeg':
    case '.png':
      return 'image';
    default:
      return 'file';
  }
}
