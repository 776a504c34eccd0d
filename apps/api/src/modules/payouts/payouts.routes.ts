import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { providerParamsSchema } from '@careslot/contracts/availability';
import {
  earningsQuerySchema,
  earningsResponseSchema,
  payoutSettingsInputSchema,
  payoutSettingsResponseSchema,
  payoutsQuerySchema,
  payoutsResponseSchema,
} from '@careslot/contracts/payouts';
import { requireProvider, requireProviderSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { ownProvider } from '../providers/providers.service';
import { PayoutWorker } from './payout.worker';
import { payoutCycle, providerEarnings, providerPayouts, setPayoutSchedule, statementCsv, type PayoutDeps } from './payouts.service';
import { SandboxPayoutRail } from './sandbox.rail';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payout machinery, for the staff routes and tests (docs/payouts.md). */
    payouts: { deps: PayoutDeps; worker: PayoutWorker };
  }
}

const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const tags = ['provider workspace'];
const who = "The signed-in provider's own figures only: providerId must be the caller's and providerRegion their region (403 otherwise).";

/**
 * Providers' earnings, statements and payouts, and the payout worker (docs/payouts.md). Registered after bank accounts
 * (it pays into them through `app.bankAccounts`).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: PayoutDeps = {
    db: app.db,
    rail: new SandboxPayoutRail(app.db, app.config.PAYOUT_SANDBOX_DELAY_MS),
    destination: (providerId, region, accountId) => app.bankAccounts.payoutDestination(providerId, region, accountId),
    publicUrl: (app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).replace(/\/$/, ''),
    kickOutbox: () => app.outbox.kick(),
    recheckMs: Math.max(1000, Math.min(app.config.PAYOUT_SANDBOX_DELAY_MS, app.config.PAYOUT_POLL_MS)),
  };
  const worker = new PayoutWorker(() => payoutCycle(deps), app.log, app.config.PAYOUT_POLL_MS);
  app.decorate('payouts', { deps, worker });
  app.addHook('onReady', async () => {
    if (app.config.PAYOUT_WORKER) worker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });

  const own = async (req: Parameters<typeof requireProvider>[0], providerId: string, region: string) => {
    requireProviderSelf(req, providerId);
    return ownProvider(app.db, providerId, region);
  };

  app.get(
    '/provider/earnings/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Your balances (pending, available, paid out this month) and a month of your statement',
        description:
          `${who} month (1–12) and year default to the current month (UTC); a year alone means its January. Money becomes ` +
          'available 24 hours after the appointment ends. Amounts are strings with two decimals in your currency.',
        params: providerParamsSchema,
        querystring: earningsQuerySchema,
        response: { 200: earningsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.query.providerRegion);
      return providerEarnings(app.db, provider, req.query);
    },
  );

  app.get(
    '/provider/earnings/:providerId/csv/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: "A month's statement as a CSV download (every line)",
        description: `${who} Cells that a spreadsheet would run as a formula are prefixed with a quote mark.`,
        params: providerParamsSchema,
        querystring: earningsQuerySchema.omit({ page: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const provider = await own(req, req.params.providerId, req.query.providerRegion);
      const { csv, month } = await statementCsv(app.db, provider, req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="careslot-statement-${month}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/provider/payouts/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Your payouts, newest first, 10 a page',
        description: `${who} destination is the bank account masked as on the bank accounts screen; failure_reason says why a payout failed.`,
        params: providerParamsSchema,
        querystring: payoutsQuerySchema,
        response: { 200: payoutsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.query.providerRegion);
      return providerPayouts(app.db, provider.id, req.query.page);
    },
  );

  app.put(
    '/provider/payout-settings/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Choose how often you are paid: daily, weekly (Mondays, the default) or monthly (the 1st)',
        description: `${who} Payouts are never below 10.00; a smaller balance waits for the next one.`,
        params: providerParamsSchema,
        body: payoutSettingsInputSchema,
        response: { 200: payoutSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.body.providerRegion);
      return setPayoutSchedule(app.db, provider.id, req.body.schedule);
    },
  );
};

export const payoutsRoutes = fp(routes, { name: 'payouts', dependencies: ['bank-accounts'] });
