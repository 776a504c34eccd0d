import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { z } from 'zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { metricsPlugin } from './plugins/metrics';
import { readRoutingPlugin } from './plugins/read-routing';
import { setRateLimitScale } from './plugins/rate-limit';
import { memoryState, rateLimitStore, redisState, type SharedState } from './plugins/shared-state';
import { registerWebApp } from './plugins/web';
import { mailPlugin } from './modules/mail/mail.plugin';
import type { MailTransport } from './modules/mail/mail.types';
import { textsPlugin } from './modules/texts/texts.plugin';
import { contentRoutes } from './modules/content/content.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { searchRoutes } from './modules/search/search.routes';
import { providerRoutes } from './modules/providers/providers.routes';
import { ownProvider } from './modules/providers/providers.service';
import { bookingRoutes } from './modules/booking/booking.routes';
import { paymentsPlugin } from './modules/payments/payments.plugin';
import { availabilityRoutes } from './modules/availability/availability.routes';
import { bankAccountsRoutes } from './modules/bank-accounts/bank-accounts.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { forgetConversationsOf } from './modules/chat/chat.service';
import { registersPlugin } from './modules/registers/registers.plugin';
import { staffRoutes } from './modules/staff/staff.routes';
import { fhirRoutes } from './modules/fhir/fhir.routes';
import { FHIR_BASE } from './modules/fhir/fhir.types';
import { calendarsPlugin } from './modules/calendars/calendars.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    /** Counters and memos every API process shares (Redis), or this process's memory (decision 050). */
    shared: SharedState;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Replace the mail transport (tests of delivery failure). */
  mailTransport?: MailTransport;
  /** Where log lines go (tests read them); default stdout. */
  logStream?: DestinationStream;
}

/** Keys whose values never reach a log line, wherever they appear in a logged object. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'req.headers["paypal-transmission-sig"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'new_password',
    'confirm_password',
    'current_password',
    'otp',
    'token',
    'access_token',
    'refresh_token',
    'auth_token',
    'resetToken',
    'email_verify',
    'card_number',
    'cvc',
    'clientSecret',
    'client_secret',
    'account_number',
    'sort_code',
    'routing_number',
  ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** Secret path segments and query values of our URLs: e-mailed link tokens, one-time codes, checkout sessions, chat ids. */
const SECRET_PATH = /^(\/api\/(?:reset-password|verify-email|chatbot|calendar)\/)[^/?]+/;
const SECRET_QUERY = /([?&](?:otp|session_id|token|refresh_token|access_token|auth_token|code)=)[^&#]*/gi;

/** The URL as it may be logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * A caller's x-request-id is kept only when it is a plain token: it is echoed in a response header
 * (a control character there throws, answering 500) and written to every log line.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(header) ? header : randomUUID();
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, from src/ or dist/. */
const defaultWebDist = path.resolve(here, '../../web/dist');

export async function buildApp({ config, database, mailTransport, logStream }: BuildOptions): Promise<FastifyInstance> {
  setRateLimitScale(config.RATE_LIMIT_SCALE);
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(logStream ? { stream: logStream } : {}),
            // Secrets never reach the logs: not in headers, not in logged objects, not in URLs.
            redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    // Fastify's own factory hands pino an empty options object for every request, which takes pino's slow child path
    // (formatters and level functions rebuilt per request: ~2 % of the API's CPU on a search). Without route options the
    // child is made on pino's fast path, with the same bindings, level and redaction.
    childLoggerFactory: (logger, bindings, opts) => logger.child(bindings, Object.keys(opts).length > 0 ? opts : undefined),
    requestIdHeader: false,
    // A union of the accepted forms; spread so Fastify's overloads still pick the plain HTTP server.
    ...({ trustProxy: config.TRUST_PROXY } as Pick<FastifyServerOptions, 'trustProxy'>),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);
  if (config.REDIS_URL) app.log.info('rate limits, captcha uses and the search memo are shared through Redis');
  else app.log.info('REDIS_URL is not set: rate limits, captcha uses and the search memo are per process (fine for one process)');
  database.onConnectionError?.((err) =>
    app.log.warn({ err: err.message }, 'a database connection broke (server restarted?); it is reopened on the next query'),
  );
  app.decorate('shared', config.REDIS_URL ? redisState(config.REDIS_URL, app.log) : memoryState());
  app.addHook('onClose', async () => app.shared.close());
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  // Security headers. The helmet middleware is built once here: @fastify/helmet built it anew for every request, which
  // cost about 4 % of the API's CPU on a search (docs/performance.md). The headers are the same.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://www.paypal.com', 'https://*.paypal.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://*.paypal.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.stripe.com', 'https://*.paypal.com'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie);
  await app.register(readRoutingPlugin);
  await app.register(rateLimitPlugin, { global: false, store: rateLimitStore(() => app.shared) });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await app.register(authPlugin, { secret: config.JWT_SECRET, ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS });
  await app.register(metricsPlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CareSlot API',
        version: '1.0.0',
        description:
          'Patient, provider, booking, payment and staff calls of CareSlot. Field names follow the product specification exactly.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: database.kind };
      } catch (err) {
        app.log.error({ err }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind });
      }
    },
  );

  await app.register(mailPlugin, { transport: mailTransport });
  await app.register(textsPlugin);
  await app.register(contentRoutes);
  // Signing out forgets the patient's chat conversations; chat already depends on patients and so on auth, hence a
  // handler rather than an import from auth (no loop between modules, decision 023).
  await app.register(authRoutes, { onPatientSignedOut: forgetConversationsOf });
  await app.register(patientsRoutes);
  await app.register(searchRoutes);
  await app.register(registersPlugin);
  await app.register(providerRoutes);
  // New open times go to the booking module's waitlist through a handler (decision 023: no import between them), and
  // the provider-account check comes from providers, which itself uses availability (no loop between modules).
  await app.register(availabilityRoutes, {
    onNewSlots: (tx, providerId, slotIds) => app.booking.newSlotsOpened(tx, providerId, slotIds),
    providerAccount: ownProvider,
  });
  await app.register(bankAccountsRoutes);
  await app.register(payoutsRoutes);
  await app.register(chatRoutes);
  // Payments hand verified gateway events to booking's one settle path (decision 011) through this handler, so
  // neither module imports the other's insides; booking holds payments only as its narrow port (app.payments).
  await app.register(paymentsPlugin, { onPaymentEvent: (event) => app.booking.settlePaymentEvent(event) });
  await app.register(bookingRoutes);
  await app.register(staffRoutes);
  // The FHIR R4 scheduling door for health systems and appointment finders (docs/fhir.md): its own error format.
  await app.register(fhirRoutes, { prefix: FHIR_BASE });
  await app.register(calendarsPlugin);

  await registerWebApp(app, config.WEB_DIST ?? defaultWebDist);
  return app;
}
