import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { UnauthorizedError } from '../lib/errors';

/**
 * Prometheus text at /metrics: request counts and durations by route, process metrics, and on PostgreSQL the connection
 * pool (open, lent out, queries waiting for a connection; a steady `waiting` above 0 means requests queue for the pool of 10),
 * and with replicas the reads each server answered, each replica's lag and whether it is in use (decision 115).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'careslot_http_requests_total',
      help: 'HTTP requests by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'careslot_http_request_duration_seconds',
      help: 'HTTP request duration by route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const connections = app.database.connections?.bind(app.database);
    if (connections) {
      new Gauge({
        name: 'careslot_db_pool_connections',
        help: 'PostgreSQL pool connections: open, busy (lent out) and waiting (queries waiting for one)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          for (const [state, count] of Object.entries(connections())) this.set({ state }, count);
        },
      });
    }
    const router = app.database.reads;
    if (router) {
      new Counter({
        name: 'careslot_db_reads_total',
        help: 'Routed public reads (statements) by the server that answered them: primary, or a replica (host:port)',
        labelNames: ['target'] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const [target, count] of Object.entries(router.stats().reads)) this.inc({ target }, count);
        },
      });
      new Gauge({
        name: 'careslot_db_replica_lag_ms',
        help: 'How far each replica was behind the primary at its last check (0: it had replayed everything); absent when unknown',
        labelNames: ['replica'] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const r of router.stats().replicas) if (r.lagMs !== null) this.set({ replica: r.name }, r.lagMs);
        },
      });
      new Gauge({
        name: 'careslot_db_replica_in_use',
        help: 'Whether each replica serves reads (1) or is skipped for lag or not answering (0)',
        labelNames: ['replica'] as const,
        registers: [registry],
        collect() {
          for (const r of router.stats().replicas) this.set({ replica: r.name }, r.inUse ? 1 : 0);
        },
      });
    }
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      requests.inc({ method: req.method, route, status: String(reply.statusCode) });
      duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    });
    // Production: only with a bearer token (METRICS_TOKEN), and not at all without one.
    const token = app.config.METRICS_TOKEN;
    if (app.config.isProduction && !token) return;
    const expected = token ? Buffer.from(`Bearer ${token}`) : null;
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (expected) {
        const given = Buffer.from(req.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new UnauthorizedError('A metrics token is required.');
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
