/**
 * Time on a ticket (docs/architecture.md#time-and-service-levels): chapter calendars and SLA
 * settings (staff read, admins write), a ticket's stages (staff; a key holder the member's view),
 * the interim reply of a stage's holder, and the caller's own absence.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  absenceRequestSchema,
  absenceResponseSchema,
  chapterCalendarResponseSchema,
  chapterCalendarSchema,
  chapterSlaResponseSchema,
  idParamsSchema,
  interimReplyResponseSchema,
  interimReplySchema,
  STAFF_ROLES,
  slaDefaultsResponseSchema,
  slaOverridesSchema,
  slaSettingsSchema,
  standInsResponseSchema,
  ticketStagesResponseSchema,
} from 'shared-contracts/contracts';
import { notFound } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { clearAbsence, listStandIns, readAbsence, setAbsence } from '../../services/sla/absences';
import {
  getChapterCalendar,
  getChapterSla,
  getSlaDefaults,
  putChapterCalendar,
  putChapterSla,
  putSlaDefaults,
} from '../../services/sla/settings';
import { decideTicketAccess, findTicketGate } from '../../services/tickets/access';
import { TICKET_NOT_FOUND } from '../../services/tickets/notFound';
import { readStages } from '../../services/tickets/stageLog';
import { postInterimReply } from '../../services/workflow/interim';
import { bearerAuth, bearerOrWriteToken, errorResponses, linkOrToken } from '../errorResponses';
import { runStaffStep } from '../staffStep';
import { lookupViewer, publicErrors } from '../tickets/publicAccess';

export const slaRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireUser(...STAFF_ROLES);
  const adminOnly = app.requireUser('admin');
  const tags = ['time'];

  app.get(
    API_PATHS.cities.calendar,
    {
      onRequest: staff,
      schema: {
        summary: "A chapter's calendar (the default one until an admin sets it)",
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: chapterCalendarResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getChapterCalendar(app.db, request.params.id),
  );

  app.put(
    API_PATHS.cities.calendar,
    {
      onRequest: adminOnly,
      schema: {
        summary: "Set a chapter's working days and hours, time zone and holidays",
        description: 'Stages opened from now on are timed by it; open ones keep their due times.',
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        body: chapterCalendarSchema,
        response: { 200: chapterCalendarResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => putChapterCalendar(app.db, request.params.id, request.body),
  );

  app.get(
    API_PATHS.sla.defaults,
    {
      onRequest: staff,
      schema: {
        summary: "The association's SLA defaults (working hours per stage, interim reply limits)",
        tags,
        security: bearerAuth,
        response: { 200: slaDefaultsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ sla: await getSlaDefaults(app.db) }),
  );

  app.put(
    API_PATHS.sla.defaults,
    {
      onRequest: adminOnly,
      schema: {
        summary: "Set the association's SLA defaults",
        tags,
        security: bearerAuth,
        body: slaSettingsSchema,
        response: { 200: slaDefaultsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ sla: await putSlaDefaults(app.db, request.body) }),
  );

  app.get(
    API_PATHS.cities.sla,
    {
      onRequest: staff,
      schema: {
        summary: "A chapter's SLA overrides and the settings that apply",
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        response: { 200: chapterSlaResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getChapterSla(app.db, request.params.id),
  );

  app.put(
    API_PATHS.cities.sla,
    {
      onRequest: adminOnly,
      schema: {
        summary: "Set a chapter's SLA overrides (null: the association's default)",
        tags,
        security: bearerAuth,
        params: idParamsSchema,
        body: slaOverridesSchema,
        response: { 200: chapterSlaResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => putChapterSla(app.db, request.params.id, request.body),
  );

  app.get(
    API_PATHS.tickets.stages,
    {
      schema: {
        security: linkOrToken,
        summary:
          "A ticket's stages, oldest first (staff; the ticket's key: the member's view, without names)",
        tags,
        params: idParamsSchema,
        response: { 200: ticketStagesResponseSchema, ...publicErrors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await lookupViewer(app, request, reply);
      const decision = decideTicketAccess(viewer, await findTicketGate(app.db, request.params.id));
      if (!decision.allowed) throw notFound(TICKET_NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return { stages: await readStages(app.db, request.params.id, decision.audience) };
    },
  );

  app.post(
    API_PATHS.tickets.interimReply,
    {
      onRequest: app.allowApiToken('tickets:write', staff),
      schema: {
        summary: "The stage holder's interim reply: a reason and the day the next step is expected by",
        description:
          'The stage is then due at the end of that working day and escalation waits; the member is told. ' +
          "At most the chapter's maxExtensions per stage and maxExtraDays past its first due date: else 422 " +
          'with `details[].code` SLA_TOO_MANY_EXTENSIONS or SLA_TOO_MANY_EXTRA_DAYS; a date not after the ' +
          'current due time: 422 SLA_EXPECTED_BY_TOO_EARLY; no open stage: 409 SLA_NO_OPEN_STAGE.',
        tags,
        security: bearerOrWriteToken,
        params: idParamsSchema,
        body: interimReplySchema,
        response: { 200: interimReplyResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const stageId = await runStaffStep(app, request, postInterimReply);
      const stage = (await readStages(app.db, request.params.id, 'staff')).find(
        (each) => each.id === stageId,
      );
      if (!stage) throw notFound(TICKET_NOT_FOUND);
      return { stage };
    },
  );

  app.get(
    API_PATHS.users.myAbsence,
    {
      onRequest: staff,
      schema: {
        summary: 'Your absence, or null',
        tags,
        security: bearerAuth,
        response: { 200: absenceResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ absence: await readAbsence(app.db, currentUserOf(request).id) }),
  );

  app.post(
    API_PATHS.users.myAbsence,
    {
      onRequest: staff,
      schema: {
        summary: 'Set your absence: from, to (days, both included) and a stand-in of your role or higher',
        tags,
        security: bearerAuth,
        body: absenceRequestSchema,
        response: { 200: absenceResponseSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => ({ absence: await setAbsence(app.db, currentUserOf(request), request.body) }),
  );

  app.delete(
    API_PATHS.users.myAbsence,
    {
      onRequest: staff,
      schema: {
        summary: 'End your absence',
        tags,
        security: bearerAuth,
        response: { 200: absenceResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await clearAbsence(app.db, currentUserOf(request).id);
      return { absence: null };
    },
  );

  app.get(
    API_PATHS.users.myStandIns,
    {
      onRequest: staff,
      schema: {
        summary: 'Who may stand in for you',
        tags,
        security: bearerAuth,
        response: { 200: standInsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ users: await listStandIns(app.db, currentUserOf(request)) }),
  );
};
