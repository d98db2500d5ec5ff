/**
 * The View button's short-lived link to a stored file (docs/security.md "Attachments in the
 * browser"): asked for with the session's token or the link's key, then opened in a new tab from
 * the file's own server URL, never as a same-origin `blob:`.
 */
import * as z from 'zod/mini';

/** A stored file's path as answers name it (`/uploads/attachments/…` or `/uploads/photos/…`). */
export const storedFilePathSchema = z
  .string()
  .check(
    z.maxLength(300),
    z.regex(/^\/uploads\/(attachments|photos)\/[A-Za-z0-9._-]{1,200}$/, 'Invalid file path'),
  );

/** POST /files/view-link body. */
export const fileViewLinkRequestSchema = z.object({ url: storedFilePathSchema });
export type FileViewLinkRequest = z.infer<typeof fileViewLinkRequestSchema>;

/** POST /files/view-link answer: the file's URL with its `view` value, good for a minute. */
export const fileViewLinkResponseSchema = z.object({ url: z.string() });
export type FileViewLinkResponse = z.infer<typeof fileViewLinkResponseSchema>;

/** The query of a stored file's URL: `view` (from POST /files/view-link) shows it in the browser. */
export const storedFileQuerySchema = z.object({
  view: z.optional(z.string().check(z.regex(/^\d{1,12}\.[A-Za-z0-9_-]{43}$/, 'Invalid view link'))),
});
export type StoredFileQuery = z.infer<typeof storedFileQuerySchema>;
