/**
 * Attachment downloads (docs/product.md#calls: /uploads/attachments/{file} and /uploads/photos/{file}), outside
 * /api like the product's links. A file goes only to a caller who may see its ticket: that ticket's
 * key or its member's key in `X-Access-Key`, or a token of staff in scope or of the member. Anyone
 * else, and a name that does not exist, gets the same 404.
 *
 * Served as a download (`Content-Disposition: attachment` with the original name), with the type
 * its bytes showed at upload, `nosniff`, and `Content-Security-Policy: sandbox`, so even a file
 * opened directly cannot run script in the site's origin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_KEY_HEADER, UPLOAD_PATHS } from 'shared-contracts/contracts';
import * as z from 'zod';
import { HttpError } from '../../httpError';
import { recordAudit } from '../../services/audit';
import { FILE_NOT_FOUND, openStoredFile } from '../../services/tickets/accessReads';
import { contentDisposition, typeOf } from '../../services/tickets/fileType';
import type { StoredKind } from '../../services/tickets/storage';
import { auditActorOf } from '../auditActor';
import { lookupViewer, publicErrors } from '../tickets/publicAccess';

const fileParamsSchema = z.object({ file: z.string().max(200) });

/** The content types the store hands out: anything else is sent as bytes to save. */
const SAFE_TYPES = new Set(
  (['pdf', 'doc', 'docx', 'jpeg', 'png'] as const).map((kind) => typeOf(kind).contentType),
);

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
            'who may see the ticket or of its member. Missing and not allowed: the same 404.',
          tags: ['tickets'],
          params: fileParamsSchema,
          response: { 200: z.unknown().describe('The file, as a download'), ...publicErrors(404, 429) },
        },
      },
      async (request, reply) => {
        const viewer = await lookupViewer(app, request, reply);
        const name = request.params.file;
        const file = await openStoredFile(app.db, viewer, kind, name);
        const opened = await app.uploadStore.open(kind, name);
        if (!opened) {
          request.log.warn({ ticketId: file.gate.id }, 'a stored file is missing');
          throw new HttpError(404, FILE_NOT_FOUND);
        }
        await recordAudit(app.db, {
          actor: auditActorOf(request, file.access),
          action: 'file.download',
          targetType: 'ticket',
          targetId: file.gate.id,
          detail: { kind, file: file.originalName },
        });
        return reply
          .headers({
            'content-type': SAFE_TYPES.has(file.contentType) ? file.contentType : 'application/octet-stream',
            'content-length': String(opened.size),
            'content-disposition': contentDisposition(file.originalName),
            'x-content-type-options': 'nosniff',
            'content-security-policy': "sandbox; default-src 'none'",
            'cache-control': 'private, no-store',
          })
          .send(opened.stream);
      },
    );
  }
};
