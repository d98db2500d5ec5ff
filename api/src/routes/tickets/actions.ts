import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACTING_ROLES,
  ACTION_CALLS,
  API_PATHS,
  idParamsSchema,
  ticketActionRequestSchema,
  ticketResponseSchema,
  ticketStatusPatchSchema,
} from 'shared-contracts/contracts';
import { invalidField } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import { actOnTicket, changeTicketStatus } from '../../services/workflow/actions';
import { auditActorOf } from '../auditActor';
import { bearerOrWriteToken, errorResponses } from '../errorResponses';

const ACTION_DESCRIPTION =
  'The transition table of docs/architecture.md#workflow decides (docs/workflow.md), with the role and city of the ' +
  'token (`user.role` in the body is ignored). 403: a role without the action, or a ticket of another ' +
  'city; 409: a state that does not allow it, or `version` is not the ticket’s (someone acted first); ' +
  '400: reject without a reason, resolve without a resolution text (`comment`). Answers the updated ' +
  'ticket with its history.';

/** docs/product.md#calls: the role-specific action calls and PATCH /tickets/{id}/status. */
/**
 * Only an approve keeps its comment from the member (`internal`); every other step's comment is
 * the member's to read. An `internal` the step does not take is refused (400) rather than dropped,
 * so staff never believe a note private that the member will read (ADR 0054).
 */
function refuseVisibilityNotTaken(action: string, visibility: 'public' | 'internal' | undefined): void {
  if (visibility === 'internal' && action !== 'approve') {
    throw invalidField(
      'visibility',
      'Only an approve can be internal: this step is always shown to the member',
    );
  }
}

export const ticketActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tickets'];

  // Each acting role through its own call (the shared table of action calls); any other role gets
  // 403 before the body is read.
  for (const call of ACTION_CALLS) {
    app.post(
      call.path,
      {
        onRequest: app.allowApiToken('tickets:write', app.requireUser(call.role)),
        schema: {
          summary: `Approve, reject, resolve or review a ticket (${call.role})`,
          description: ACTION_DESCRIPTION,
          tags,
          security: bearerOrWriteToken,
          params: idParamsSchema,
          body: ticketActionRequestSchema,
          response: { 200: ticketResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = currentUserOf(request);
        const { action, comment, version, visibility, applyToDuplicates } = request.body;
        refuseVisibilityNotTaken(action, visibility);
        const ticket = await actOnTicket(
          app.db,
          actor,
          request.params.id,
          { action, comment, version, visibility, applyToDuplicates, now: app.clock.now() },
          app.outbox.notifier,
          auditActorOf(request),
        );
        request.log.info({ ticketId: ticket.id, action, status: ticket.status }, 'ticket action');
        return { ticket };
      },
    );
  }

  app.patch(
    API_PATHS.tickets.status,
    {
      onRequest: app.allowApiToken('tickets:write', app.requireUser(...ACTING_ROLES)),
      schema: {
        summary: 'Move a ticket to a status through the action that leads there',
        description: `approved → approve, rejected → reject, resolved → resolve, in-review → review; pending: 409. ${ACTION_DESCRIPTION}`,
        tags,
        security: bearerOrWriteToken,
        params: idParamsSchema,
        body: ticketStatusPatchSchema,
        response: { 200: ticketResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      refuseVisibilityNotTaken(
        request.body.status === 'approved' ? 'approve' : 'other',
        request.body.visibility,
      );
      const ticket = await changeTicketStatus(
        app.db,
        currentUserOf(request),
        request.params.id,
        { ...request.body, now: app.clock.now() },
        app.outbox.notifier,
        auditActorOf(request),
      );
      request.log.info({ ticketId: ticket.id, status: ticket.status }, 'ticket status changed');
      return { ticket };
    },
  );
};
