import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  membershipNumberProblem,
  REGULATOR_NAMES,
  registerLookupResponseSchema,
  type Regulator,
} from '@careslot/contracts/provider-registration';
import { AppError, ValidationError } from '../../lib/errors';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { createRegisters } from './registers';
import type { Registers } from './registers.types';
import { loadSandboxEntries, SANDBOX_ENTRIES } from './sandbox.register';
import { lookupNumber } from './registers.service';

declare module 'fastify' {
  interface FastifyInstance {
    registers: Registers;
  }
}

export interface RegistersPluginOptions {
  /** Tests replace fetch to reach their fake registers. */
  fetchImpl?: typeof fetch;
}

const testEntries = (regulator: Regulator) =>
  SANDBOX_ENTRIES.filter((e) => e.regulator === regulator)
    .map((e) => `${e.registration_number} "${e.name}"`)
    .join(', ');

const ROUTES: { path: string; regulator: Regulator; shape: string }[] = [
  { path: '/api/gmc_verification/', regulator: 'gmc', shape: 'a GMC reference number: 7 digits' },
  { path: '/api/gdc_verification/', regulator: 'gdc', shape: 'a GDC registration number: up to 6 digits' },
  {
    path: '/api/npi_verification/',
    regulator: 'npi',
    shape:
      'an NPI: 10 digits, the last a Luhn check digit over "80840" and the first nine (a bad check digit answers 400 before any lookup); only an active record counts',
  },
];

const NOT_PLAIN_TEXT = 'Send the registration number as plain text (Content-Type: text/plain), for example 7000001.';

/** Refused before the body is read: the lookups take text/plain only. */
async function requirePlainText(req: FastifyRequest) {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/plain') throw new ValidationError(NOT_PLAIN_TEXT, { body: NOT_PLAIN_TEXT });
}

const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIp = limit(app, {
    name: 'register-lookup-ip',
    max: app.config.RATE_LIMIT_REGISTER_LOOKUP_PER_IP,
    timeWindow: '1 hour',
    message: 'Too many register look-ups from this network. Please wait a while and try again.',
  });
  for (const r of ROUTES) {
    const body = REGULATOR_NAMES[r.regulator];
    app.post(
      r.path,
      {
        onRequest: [perIp, requirePlainText],
        schema: {
          tags: ['providers'],
          summary: `Look a number up in the ${body} register`,
          description:
            `Body: ${r.shape}, as text/plain. Answers { Name, registration_number } for a known number; 404 with the reason in "error" for an unknown one; 400 for a body that is not plain text or a number of the wrong shape; 503 when the register cannot be asked. ` +
            `Sandbox test entries: ${testEntries(r.regulator)}.`,
          consumes: ['text/plain'],
          body: z.string({ error: NOT_PLAIN_TEXT }).max(40, 'That registration number is too long.'),
          response: { 200: registerLookupResponseSchema, ...errorResponses(400, 404, 429, 503) },
        },
      },
      async (req) => {
        const number = req.body.trim();
        const problem = membershipNumberProblem(r.regulator, number);
        if (problem) throw new ValidationError(problem, { body: problem });
        const outcome = await lookupNumber(app.registers, r.regulator, number);
        if (outcome.kind === 'found') return { Name: outcome.Name, registration_number: outcome.registration_number };
        if (outcome.kind === 'unknown') {
          const sentence = `The ${body} register has no current entry with number ${number}.`;
          throw new AppError(404, sentence, sentence);
        }
        throw new AppError(503, `We could not check the ${body} register just now. Please try again later.`, 'REGISTER_UNAVAILABLE');
      },
    );
  }
};

/**
 * The professional registers behind one interface (sandbox table, NPI Registry, licensed GMC/GDC services), the three
 * lookup calls, and, in sandbox mode, the shipped test entries loaded at start-up.
 */
export const registersPlugin = fp(
  async (app: FastifyInstance, opts: RegistersPluginOptions) => {
    app.decorate('registers', createRegisters(app.config, app.db, opts.fetchImpl));
    if (app.config.PROVIDER_REGISTERS === 'sandbox') await loadSandboxEntries(app.db);
    await app.register(lookupRoutes);
  },
  { name: 'registers' },
);
