/**
 * The member's rights and the admins' work on them (ADR 0050):
 *
 * - GET /members/{id}/export: everything kept about the member, as JSON;
 * - POST /members/{id}/requests: a correction, an erasure, or the withdrawal of consent (done at
 *   once) → 202 `{ request }`;
 *
 * both with the member's private list key (`X-Access-Key`) or the member signed in; anything else
 * (another member's key, a ticket's key, staff) gets the same 404 as a missing member. And for
 * admins: GET /privacy/requests, POST /privacy/requests/{id}/execute and .../decline.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  breachBodySchema,
  breachesResponseSchema,
  breachResponseSchema,
  declineRequestBodySchema,
  idParamsSchema,
  memberExportSchema,
  memberRequestBodySchema,
  memberRequestResponseSchema,
  privacyNoticeQuerySchema,
  privacyNoticeSchema,
  privacyRequestResponseSchema,
  privacyRequestsQuerySchema,
  privacyRequestsResponseSchema,
  publishNoticeBodySchema,
  publishNoticeResponseSchema,
  sendBreachBodySchema,
} from 'shared-contracts/contracts';
import { conflict, notFound } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { listBreaches, recordBreach, sendBreach } from '../../services/privacy/breaches';
import { currentNotice, publishNotice } from '../../services/privacy/notices';
import {
  type Decision,
  declineRequest,
  executeRequest,
  exportMember,
  fileRequest,
  listRequests,
} from '../../services/privacy/requests';
import { findMemberGate, type Viewer } from '../../services/tickets/access';
import { secretMatches } from '../../services/tickets/keys';
import { MEMBER_NOT_FOUND } from '../../services/tickets/notFound';
import { bearerAuth, errorResponses, linkOrToken } from '../errorResponses';
import { lookupViewer, publicErrors } from '../tickets/publicAccess';

const keyDescription =
  "With the member's private list key in `X-Access-Key`, or the member's own token. Anyone else, " +
  'and a member that does not exist, get the same 404.';

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireUser('admin');

  /** Only the member themself: their key (the list's, not a ticket's), or signed in as them. */
  async function openMember(viewer: Viewer, memberId: number): Promise<number> {
    const gate = await findMemberGate(app.db, memberId);
    const byKey = secretMatches(viewer.accessKey, gate?.accessKeyHash);
    if (gate && (byKey || viewer.actor?.id === gate.id)) return gate.id;
    throw notFound(MEMBER_NOT_FOUND);
  }

  app.get(
    API_PATHS.members.export,
    {
      schema: {
        security: linkOrToken,
        summary: 'Download my data: every ticket, my words on them, file names, messages sent, requests',
        description: keyDescription,
        tags: ['privacy'],
        params: idParamsSchema,
        response: { 200: memberExportSchema, ...publicErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const memberId = await openMember(await lookupViewer(app, request, reply), request.params.id);
      const data = await exportMember(app.db, memberId, app.clock.now());
      if (!data) throw notFound(MEMBER_NOT_FOUND);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="my-data-${memberId}.json"`)
        .send(data);
    },
  );

  app.post(
    API_PATHS.members.requests,
    {
      schema: {
        security: linkOrToken,
        summary: 'Ask for a correction or erasure of my data, or withdraw consent for SMS and WhatsApp',
        description: `${keyDescription} A withdrawal is done at once; the others wait for an admin.`,
        tags: ['privacy'],
        params: idParamsSchema,
        body: memberRequestBodySchema,
        response: { 202: memberRequestResponseSchema, ...publicErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const memberId = await openMember(await lookupViewer(app, request, reply), request.params.id);
      const filed = await fileRequest(app.db, memberId, request.body, app.clock.now());
      return reply.code(202).header('cache-control', 'no-store').send({ request: filed });
    },
  );

  app.get(
    API_PATHS.privacy.requests,
    {
      onRequest: adminOnly,
      schema: {
        summary: "The members' requests about their data (admins), open ones by due date",
        tags: ['privacy'],
        security: bearerAuth,
        querystring: privacyRequestsQuerySchema,
        response: { 200: privacyRequestsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listRequests(app.db, request.query.state ?? 'open');
    },
  );

  const answer = (decision: Decision) => {
    if ('missing' in decision) throw notFound('Request not found');
    if ('decided' in decision) throw conflict('This request was already answered');
    return decision;
  };

  app.post(
    API_PATHS.privacy.execute,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Do what the member asked (an erasure erases them; a ticket under appeal waits for its end)',
        tags: ['privacy'],
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: privacyRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = currentUserOf(request);
      return answer(
        await executeRequest(app.db, request.params.id, admin.id, app.clock.now(), app.uploadStore),
      );
    },
  );

  app.post(
    API_PATHS.privacy.decline,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Decline a request, with the reason the member is told',
        tags: ['privacy'],
        security: bearerAuth,
        params: idParamsSchema,
        body: declineRequestBodySchema,
        response: { 200: privacyRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = currentUserOf(request);
      return answer(
        await declineRequest(app.db, request.params.id, admin.id, request.body.reason, app.clock.now()),
      );
    },
  );

  // The privacy notice (ADR 0068): public, in the form's languages; admins publish a new version.
  app.get(
    API_PATHS.privacy.notice,
    {
      schema: {
        summary: 'The current privacy notice in a language, with the grievance officer',
        tags: ['privacy'],
        querystring: privacyNoticeQuerySchema,
        response: { 200: privacyNoticeSchema, ...publicErrors(400, 404) },
      },
    },
    async (request) => {
      const notice = await currentNotice(app.db, request.query.lang ?? 'en');
      if (!notice) throw notFound('No privacy notice is published');
      return notice;
    },
  );

  app.post(
    API_PATHS.privacy.notices,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Publish a new version of the privacy notice, in every language at once',
        tags: ['privacy'],
        security: bearerAuth,
        body: publishNoticeBodySchema,
        response: { 201: publishNoticeResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const version = await publishNotice(app.db, request.body, currentUserOf(request).id, app.clock.now());
      return reply.code(201).send({ version });
    },
  );

  // The breach register (ADR 0069).
  app.get(
    API_PATHS.privacy.breaches,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'The breach register, the newest found first (admins)',
        tags: ['privacy'],
        security: bearerAuth,
        response: { 200: breachesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { breaches: await listBreaches(app.db) };
    },
  );

  app.post(
    API_PATHS.privacy.breaches,
    {
      onRequest: adminOnly,
      schema: {
        summary:
          'Record a breach: counts the affected members over the tickets and drafts their notice and the report to the Board',
        tags: ['privacy'],
        security: bearerAuth,
        body: breachBodySchema,
        response: { 201: breachResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const breach = await recordBreach(app.db, request.body, currentUserOf(request).id, app.clock.now());
      return reply.code(201).send({ breach });
    },
  );

  app.post(
    API_PATHS.privacy.breachSend,
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Send the reviewed notice to every affected member and the report to the Board, once',
        tags: ['privacy'],
        security: bearerAuth,
        params: idParamsSchema,
        body: sendBreachBodySchema,
        response: { 200: breachResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const sent = await sendBreach(
        app.db,
        request.params.id,
        request.body,
        currentUserOf(request).id,
        app.clock.now(),
      );
      if ('missing' in sent) throw notFound('Breach not found');
      if ('sent' in sent) throw conflict('This breach was already sent');
      return { breach: sent.breach };
    },
  );
};
