import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where a public read of this request goes (decision 115): a replica when DATABASE_REPLICA_URLS is set and the caller
     * has not written in the last READ_YOUR_WRITES_MS, otherwise the primary. Reads only, never a transaction: those, and
     * every write, use app.db.
     */
    readDb(req: FastifyRequest): Db;
  }
}

/** The cookie that marks a caller who has just written: `<until, ms since 1970>.<signature>`. */
export const FRESH_WRITE_COOKIE = 'careslot_wrote';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Signs and checks the marker; the key is derived from JWT_SECRET, so every API process accepts every other's marker. */
export function freshWriteMarker(secret: string | undefined) {
  const key = createHmac('sha256', secret ?? randomBytes(32))
    .update('careslot read-your-writes marker')
    .digest();
  const sign = (until: string) => createHmac('sha256', key).update(until).digest('base64url');
  return {
    make: (until: number) => `${until}.${sign(String(until))}`,
    /** True while a marker made here is unexpired; false for a missing, expired, altered or foreign one. */
    valid(value: string | undefined, now = Date.now()): boolean {
      const m = /^(\d{1,16})\.([\w-]{43})$/.exec(value ?? '');
      if (!m || Number(m[1]) <= now) return false;
      const given = Buffer.from(m[2]!);
      const expected = Buffer.from(sign(m[1]!));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * Read routing: without replicas every read is app.db and nothing else changes. With replicas, a request that writes
 * (POST, PUT, PATCH, DELETE answered below 400) gets the marker for READ_YOUR_WRITES_MS, and reads made with the marker
 * go to the primary, so a provider who adds availability, or a patient who books, sees it on the next screen from
 * whichever API process answers. Replicas taken out of use or back in are logged once per change.
 */
export const readRoutingPlugin = fp(
  async (app: FastifyInstance) => {
    const router = app.database.reads;
    if (!router) {
      app.decorate('readDb', () => app.db);
      return;
    }
    router.onChange(({ replica, inUse, reason }) => {
      if (inUse) app.log.info({ replica }, 'database replica is in use again for reads');
      else
        app.log.warn({ replica, reason }, `database replica skipped for reads: ${reason}; reads go to the other replicas or the primary`);
    });
    for (const r of router.stats().replicas) {
      if (!r.inUse) app.log.warn({ replica: r.name, reason: r.reason }, `database replica skipped for reads: ${r.reason}`);
    }
    const windowMs = app.config.READ_YOUR_WRITES_MS;
    const marker = freshWriteMarker(app.config.JWT_SECRET);
    app.decorate('readDb', (req: FastifyRequest) =>
      marker.valid(req.cookies?.[FRESH_WRITE_COOKIE]) ? router.primaryDb : router.replicaDb,
    );
    app.addHook('onSend', async (req, reply) => {
      if (!WRITES.has(req.method) || reply.statusCode >= 400) return;
      reply.setCookie(FRESH_WRITE_COOKIE, marker.make(Date.now() + windowMs), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.isProduction,
        maxAge: Math.ceil(windowMs / 1000),
      });
    });
  },
  { name: 'read-routing', dependencies: ['@fastify/cookie'] },
);
