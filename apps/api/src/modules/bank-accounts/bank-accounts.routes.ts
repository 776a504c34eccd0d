import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import {
  bankAccountDeleteSchema,
  bankAccountDeletedSchema,
  bankAccountInputSchema,
  bankAccountPatchSchema,
  bankAccountSavedSchema,
  bankAccountsResponseSchema,
  bankMessages,
} from '@careslot/contracts/bank-accounts';
import { providerParamsSchema, providerRegionQuerySchema } from '@careslot/contracts/availability';
import { payoutMessages } from '@careslot/contracts/payouts';
import { requireProvider, requireProviderSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { DataCipher } from '../../lib/data-encryption';
import { ownProvider } from '../providers/providers.service';
import type { PayoutDestination } from '../payouts/payouts.types';
import {
  addBankAccount,
  changeBankAccount,
  deleteBankAccount,
  listBankAccounts,
  payoutDestination,
  type BankDeps,
} from './manage-accounts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the payouts module may ask of bank accounts (app.ts registers this plugin first). */
    bankAccounts: { payoutDestination(providerId: string, region: string, accountId?: string): Promise<PayoutDestination | null> };
  }
}

const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const tags = ['provider workspace'];
const path = '/provider/provider-bank-details/:providerId/';
const who = "The signed-in provider's own accounts only: providerId must be the caller's and providerRegion their region (403 otherwise).";

/** The provider's payout accounts (docs/provider-workspace.md, "Bank accounts"). */
const routes: FastifyPluginAsyncZod = async (app) => {
  let key = app.config.DATA_ENCRYPTION_KEY;
  if (!key) {
    // Only outside production (config.ts refuses to start without it there): numbers saved now are unreadable after a restart.
    app.log.warn('DATA_ENCRYPTION_KEY is not set: bank account numbers are encrypted with a key that lasts only as long as this process');
    key = DataCipher.randomKeyHex();
  }
  const deps: BankDeps = { db: app.db, cipher: new DataCipher(key), log: app.log };
  app.decorate('bankAccounts', {
    payoutDestination: (providerId: string, region: string, accountId?: string) => payoutDestination(deps, providerId, region, accountId),
  });
  // Adding and editing check bank numbers: bounded per provider, so the checks cannot be used to guess numbers.
  const changes = limit(app, {
    name: 'bank-account-changes',
    max: 30,
    timeWindow: '1 hour',
    key: (req) => req.caller?.id ?? req.ip,
    message: 'Too many bank account changes in a short time. Please wait a while and try again.',
  });
  const own = async (req: Parameters<typeof requireProvider>[0], providerId: string, region: string) => {
    requireProviderSelf(req, providerId);
    return ownProvider(app.db, providerId, region);
  };

  app.get(
    path,
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Your bank accounts, primary first, numbers masked',
        description: `${who} account_number is masked (the first four digits hidden); full numbers are never returned.`,
        params: providerParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: bankAccountsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.query.providerRegion);
      return { Bank_details: await listBankAccounts(deps, provider) };
    },
  );

  app.post(
    path,
    {
      onRequest: changes,
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Add a bank account',
        description:
          `${who} uk: sort_code (6 digits) and account_number (8 digits), checked together by the Vocalink modulus rules; usa: routing_number ` +
          '(9 digits, ABA checksum) and account_number (4–17 digits). The first account is primary; is_primary true demotes the old primary. ' +
          '400 names each bad field; 409 when the account is already saved.',
        params: providerParamsSchema,
        body: bankAccountInputSchema,
        response: { 201: bankAccountSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req, reply) => {
      const provider = await own(req, req.params.providerId, req.body.providerRegion);
      return reply.status(201).send({ status: true as const, data: await addBankAccount(deps, provider, req.body) });
    },
  );

  app.patch(
    path,
    {
      onRequest: changes,
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Edit a bank account (unique_id), or make it the primary',
        description: `${who} Send only what changes; leave account_number out to keep the saved number. is_primary false on the primary answers 409 (make another primary instead).`,
        params: providerParamsSchema,
        body: bankAccountPatchSchema,
        response: { 200: bankAccountSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.body.providerRegion);
      return { status: true as const, data: await changeBankAccount(deps, provider, req.body) };
    },
  );

  app.delete(
    path,
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Delete a bank account (body unique_id)',
        description: `${who} The sole account answers 409 '${bankMessages.soleAccount}'; an account with a payout on its way to it answers 409 '${payoutMessages.accountInTransit}'. Deleting the primary makes the oldest other account primary.`,
        params: providerParamsSchema,
        querystring: providerRegionQuerySchema,
        body: bankAccountDeleteSchema,
        response: { 200: bankAccountDeletedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await own(req, req.params.providerId, req.query.providerRegion);
      await deleteBankAccount(deps, req.params.providerId, req.body.unique_id);
      return { data: { status: true as const } };
    },
  );
};

export const bankAccountsRoutes = fp(routes, { name: 'bank-accounts' });
