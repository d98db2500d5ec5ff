import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/errors';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'shutting-down']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
  }),
  /** `held`: no SMTP_URL, emails are kept in the outbox and not sent. */
  email: z.enum(['smtp', 'held']),
  /**
   * The read replica (DATABASE_REPLICA_URL): `off` when none is set; `lagging` or `down` while its
   * reads go to the primary (the api still answers every call: the status stays ok).
   */
  replica: z.object({
    state: z.enum(['off', 'ok', 'lagging', 'down']),
    lagMs: z.number().int().nullable(),
  }),
});

/** Liveness and database reachability, for load balancers and scripts that wait for the api. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database reachability',
        tags: ['health'],
        response: {
          200: healthSchema.describe('The api runs and its database answers'),
          503: healthSchema.describe('The database does not answer, or this instance is shutting down'),
        },
      },
    },
    async (request, reply) => {
      const email = app.outbox.emailState;
      const replica = app.replicaReads.health();
      try {
        await app.pingDatabase();
        if (app.shuttingDown) {
          // Draining after SIGTERM: a balancer that checks health sends no new requests here.
          return reply.code(503).send({
            status: 'shutting-down',
            database: { kind: app.dbKind, reachable: true },
            email,
            replica,
          });
        }
        return { status: 'ok' as const, database: { kind: app.dbKind, reachable: true }, email, replica };
      } catch (error) {
        request.log.warn({ err: error }, 'database ping failed');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable', database: { kind: app.dbKind, reachable: false }, email, replica });
      }
    },
  );
};
