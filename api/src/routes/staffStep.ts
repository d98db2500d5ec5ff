import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../db/database';
import { currentUserOf } from '../plugins/auth';
import type { UserRecord } from '../services/users';
import type { Notifier } from '../services/workflow/notifications';

/** A staff member's step on the thing a call names: the service takes who, what, the body, the time and the outbox. */
type StaffStep<Body, Result> = (
  db: AppDatabase,
  actor: UserRecord,
  id: number,
  body: Body,
  now: Date,
  notifier: Notifier,
) => Promise<Result>;

/**
 * Runs a staff step with what every such call hands its service (the interim reply, the appeal's
 * decision, the transfer): the database, the signed-in user, the path's id, the validated body,
 * the clock's now and the outbox's notifier.
 */
export function runStaffStep<Body, Result>(
  app: FastifyInstance,
  request: FastifyRequest & { params: { id: number }; body: Body },
  step: StaffStep<Body, Result>,
): Promise<Result> {
  return step(
    app.db,
    currentUserOf(request),
    request.params.id,
    request.body,
    app.clock.now(),
    app.outbox.notifier,
  );
}
