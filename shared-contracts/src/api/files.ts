import { type FileViewLinkResponse, fileViewLinkResponseSchema } from '../schemas/files';
import { API_PATHS } from './paths';
import { type CallOptions, request } from './request';

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
