import { type FileViewLinkResponse, fileViewLinkResponseSchema } from '../schemas/files';
import type { Ticket, TicketAttachment } from '../schemas/tickets';
import { API_PATHS, uploadPath } from './paths';
import { type CallOptions, request } from './request';
import { downloadAttachment } from './tickets';

/** A file of a ticket as the member's page and the staff's dialog list it. */
export interface TicketFile {
  /** Unique within the ticket (a list key). */
  key: string;
  fileName: string;
  /** Where it is read: a stored file's path on the api. */
  url: string;
  size?: number | null;
}

function lastSegment(path: string): string {
  return path.split('/').filter(Boolean).pop() ?? path;
}

/** A stored path as the api gives it: already a path (`/uploads/…`), or a bare file name. */
function storedFileUrl(kind: 'attachment' | 'photo', stored: string): string {
  return stored.startsWith('/') ? stored : uploadPath(kind, lastSegment(stored));
}

/**
 * The files of a ticket: its `attachments` records, else the stored `attachmentPath` and
 * `photoPath` of docs/product.md#data (served under /uploads/attachments and /uploads/photos).
 */
export function ticketFiles(
  ticket: Pick<Ticket, 'attachments' | 'attachmentPath' | 'photoPath'>,
): TicketFile[] {
  if (ticket.attachments?.length)
    return ticket.attachments.map((file) => ({
      key: `${file.kind}-${file.id}`,
      fileName: file.fileName,
      url: file.url,
      size: file.size,
    }));
  const files: TicketFile[] = [];
  if (ticket.attachmentPath)
    files.push({
      key: 'attachment',
      fileName: lastSegment(ticket.attachmentPath),
      url: storedFileUrl('attachment', ticket.attachmentPath),
    });
  if (ticket.photoPath)
    files.push({
      key: 'photo',
      fileName: lastSegment(ticket.photoPath),
      url: storedFileUrl('photo', ticket.photoPath),
    });
  return files;
}

/** The file sent with a reply, as a history entry lists it. */
export function replyFile(attachment: TicketAttachment): TicketFile {
  return {
    key: `reply-${attachment.id}`,
    fileName: attachment.fileName,
    url: attachment.url,
    size: attachment.size,
  };
}

/** How long a saved file's object URL stays valid (the save has read it by then). */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * The Download button: fetches the stored file (with the session's token, or the page's key in
 * `options.accessKey`) and saves it under its name.
 */
export async function saveStoredFile(
  file: Pick<TicketFile, 'url' | 'fileName'>,
  options: CallOptions = {},
): Promise<void> {
  const url = URL.createObjectURL(await downloadAttachment(file.url, options));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * POST /files/view-link: a link that opens the stored file at `fileUrl` for a minute, for a caller
 * who may download it (the session's token, or the page's key in `options.accessKey`).
 */
export function fileViewLink(fileUrl: string, options: CallOptions = {}): Promise<FileViewLinkResponse> {
  return request('post', API_PATHS.files.viewLink, fileViewLinkResponseSchema, {
    ...options,
    json: { url: fileUrl },
  });
}

/**
 * The View button: a new tab (opened at once, while the click still counts as the user's) pointed
 * at the file's server URL with a fresh view link. The api serves it with a sandboxing CSP; the
 * page never turns the file into a same-origin `blob:` URL. Throws (and closes the tab) when the
 * link cannot be had.
 */
export async function viewStoredFile(fileUrl: string, options: CallOptions = {}): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await fileViewLink(fileUrl, options);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
