import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once a shutdown began: /api/health answers 503 so that balancers stop sending here. */
    readonly shuttingDown: boolean;
    /**
     * The first step of a graceful shutdown, before `close()`: stops accepting connections, lets
     * every request in flight finish, and closes each kept-alive connection after its next answer.
     * Resolves when no request is in flight and every connection is gone, or, with none in flight,
     * after `idleMs` (connections a proxy keeps open but no longer uses), or at `deadline` (ms since
     * the epoch) whatever is still running.
     */
    drain(options: { idleMs: number; deadline: number }): Promise<void>;
  }
}

/**
 * Why not `close()` alone: it also closes the idle kept-alive connections at once, and nginx may
 * have just sent a request on one of them. nginx retries a refused *connection* on another api
 * instance, but never a POST whose connection broke after sending (it cannot know whether it ran),
 * so a rolling restart would lose a submit now and then. Draining closes each connection only
 * after an answer that says `Connection: close`, and refuses new ones, which nginx retries elsewhere.
 */
export function registerShutdown(app: FastifyInstance): void {
  let shuttingDown = false;
  let inFlight = 0;
  app.decorate('shuttingDown', {
    getter: () => shuttingDown,
  });
  app.addHook('onRequest', async (_request, reply) => {
    inFlight++;
    reply.raw.once('close', () => inFlight--); // answered, or the client went away
  });
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });

  app.decorate('drain', async ({ idleMs, deadline }: { idleMs: number; deadline: number }) => {
    shuttingDown = true;
    const { server } = app;
    // net.Server's close, not http.Server's: the latter also drops the idle kept-alive connections.
    if (server.listening) Server.prototype.close.call(server);
    const idleUntil = Date.now() + idleMs;
    const connections = () =>
      new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
    for (;;) {
      const open = await connections();
      const now = Date.now();
      if (inFlight === 0 && (open === 0 || now >= idleUntil)) return;
      if (now >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
}
