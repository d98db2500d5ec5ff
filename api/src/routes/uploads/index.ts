/**
 * Attachment downloads (docs/product.md#calls: /uploads/attachments/{file} and /uploads/photos/{file}), outside
 * /api like the product's links. A file goes only to a caller who may see its ticket: that ticket's
 * key or its member's key in `X-Access-Key`, or a token of staff in scope or of the member. Anyone
 * else, and a name that does not exist, gets the same 404.
 *
 * Served as a download (`Content-Disposition: attachment` with the original name), with the type
 * its bytes showed at upload, `nosniff`, and `Content-Security-Policy: sandbox`, so even a file
 * opened directly cannot run script in the site's origin.
 *
 * The View button opens a file from here too (ADR 0031): with a short-lived `view` value
 * (POST /files/view-link, viewLinks.ts) a PDF or an image is served inline, still under a CSP that
 * lets no script run: images in a `sandbox` document; PDFs with `script-src` none but without
 * `sandbox`, which Chromium's PDF viewer refuses to run under (the viewer itself is isolated, and
 * PDFs with JavaScript are refused at upload). Word files always download.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_KEY_HEADER,
  API_PATHS,
  fileViewLinkRequestSchema,
  fileViewLinkResponseSchema,
  storedFileQuerySchema,
  UPLOAD_PATHS,
} from 'shared-contracts/contracts';
import * as z from 'zod';
import { HttpError } from '../../httpError';
import { recordAudit } from '../../services/audit';
import { findViewableFile, openStoredFile } from '../../services/tickets/accessReads';
import { contentDisposition, typeOf } from '../../services/tickets/fileType';
import { FILE_NOT_FOUND } from '../../services/tickets/notFound';
import type { StoredKind } from '../../services/tickets/storage';
import { auditActorOf } from '../auditActor';
import { lookupViewer, publicErrors } from '../tickets/publicAccess';

const fileParamsSchema = z.object({ file: z.string().max(200) });

/** The content types the store hands out: anything else is sent as bytes to save. */
const SAFE_TYPES = new Set(
  (['pdf', 'doc', 'docx', 'jpeg', 'png'] as const).map((kind) => typeOf(kind).contentType),
);
const PDF_TYPE = typeOf('pdf').contentType;
const IMAGE_TYPES = new Set([typeOf('jpeg').contentType, typeOf('png').contentType]);

/** The CSP of a file shown in the browser: no script, no frame around it. */
function viewPolicy(contentType: string): string | null {
  if (IMAGE_TYPES.has(contentType))
    return "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
  if (contentType === PDF_TYPE)
    return "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
  return null;
}

/**
 * A stored file opened by whoever may download it (else the same 404), the opening recorded in
 * the audit trail as a download (`view` when it is for the View button's link).
 */
async function openRecorded(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: StoredKind,
  name: string,
  view: boolean,
) {
  const viewer = await lookupViewer(app, request, reply);
  const opened = await openStoredFile(app.db, viewer, kind, name);
  await recordAudit(app.db, {
    actor: auditActorOf(request, opened.access),
    action: 'file.download',
    targetType: 'ticket',
    targetId: opened.gate.id,
    detail: view ? { kind, file: opened.originalName, view } : { kind, file: opened.originalName },
  });
  return opened;
}

const STORED_PATH = /^\/uploads\/(attachments|photos)\/([^/]+)$/;

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes: [StoredKind, string][] = [
    ['attachment', UPLOAD_PATHS.attachment],
    ['photo', UPLOAD_PATHS.photo],
  ];
  for (const [kind, url] of routes) {
    app.get(
      url,
      {
        schema: {
          summary: kind === 'photo' ? 'Download a photo of a ticket' : 'Download an attachment of a ticket',
          description:
            `Open with the ticket's or its member's secret in \`${ACCESS_KEY_HEADER}\`, or a bearer token of staff ` +
            'who may see the ticket or of its member; or with `view` from POST /api/files/view-link (a minute, ' +
            'shown in the browser). Missing and not allowed: the same 404.',
          tags: ['tickets'],
          params: fileParamsSchema,
          querystring: storedFileQuerySchema,
          response: {
            200: z.unknown().describe('The file, as a download (or shown, with `view`)'),
            ...publicErrors(400, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const name = request.params.file;
        const { view } = request.query;
        let file: { originalName: string; contentType: string };
        let inline = false;
        if (view !== undefined) {
          // A view link: the file was checked (and recorded) when the link was issued.
          const found = app.viewLinks.opens(kind, name, view)
            ? await findViewableFile(app.db, kind, name)
            : undefined;
          if (!found) throw new HttpError(404, FILE_NOT_FOUND);
          file = found;
          inline = viewPolicy(found.contentType) !== null;
        } else {
          file = await openRecorded(app, request, reply, kind, name, false);
        }
        const stored = await app.uploadStore.open(kind, name);
        if (!stored) {
          request.log.warn({ kind }, 'a stored file is missing');
          throw new HttpError(404, FILE_NOT_FOUND);
        }
        const disposition = contentDisposition(file.originalName);
        return reply
          .headers({
            'content-type': SAFE_TYPES.has(file.contentType) ? file.contentType : 'application/octet-stream',
            'content-length': String(stored.size),
            'content-disposition': inline ? disposition.replace(/^attachment/, 'inline') : disposition,
            'x-content-type-options': 'nosniff',
            'content-security-policy':
              (inline && viewPolicy(file.contentType)) || "sandbox; default-src 'none'",
            'cross-origin-resource-policy': 'same-origin',
            'referrer-policy': 'no-referrer',
            'cache-control': 'private, no-store',
          })
          .send(stored.stream);
      },
    );
  }
};

/** POST /api/files/view-link (under /api, unlike the files themselves). */
export const viewLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.files.viewLink,
    {
      schema: {
        summary: "A minute's link that shows a stored file in the browser (the View button)",
        description:
          'For whoever may download the file (the same check and the same 404). The link opens that file ' +
          'only, for VIEW_LINK_SECONDS (60); the view is recorded in the audit trail as a download.',
        tags: ['tickets'],
        body: fileViewLinkRequestSchema,
        response: { 200: fileViewLinkResponseSchema, ...publicErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const [, folder, name = ''] = STORED_PATH.exec(request.body.url) ?? [];
      const kind: StoredKind = folder === 'photos' ? 'photo' : 'attachment';
      // Checked (the same 404) and recorded before any link is made.
      await openRecorded(app, request, reply, kind, name, true);
      const path = UPLOAD_PATHS[kind].replace(':file', encodeURIComponent(name));
      return reply
        .header('cache-control', 'no-store')
        .send({ url: `${path}?view=${app.viewLinks.issue(kind, name)}` });
    },
  );
};
