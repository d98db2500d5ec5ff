// The floor of the ticket benchmark: a Fastify hello-world in its own process, as the api runs.
//   PORT=4100 node bench/hello-world.mjs
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 4100) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
