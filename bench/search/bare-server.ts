/** The bench's baseline: a bare Fastify JSON route, in its own process (started by servers.ts with HOST and PORT). */
import Fastify from 'fastify';

const app = Fastify();
app.get('/json', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
