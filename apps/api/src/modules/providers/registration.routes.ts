import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  onboardingStatusSchema,
  providerRegisterRequestSchema,
  providerRegisterResponseSchema,
} from '@careslot/contracts/provider-registration';
import { z } from 'zod';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { publicOrigin, subjectOfRegistrationToken } from '../auth/auth.service';
import { Geocoder } from '../geo/geo.service';
import { SANDBOX_ENTRIES } from '../registers/registers.service';
import { RegisterRecheckWorker } from './register-recheck';
import { onboardingLinkError, onboardingStatus, registerProvider, type RegistrationDeps } from './registration';

const tags = ['providers'];
const testEntries = SANDBOX_ENTRIES.map((e) => `${e.regulator.toUpperCase()} ${e.registration_number} "${e.name}"`).join(', ');

/** Providers joining (docs/providers-onboarding.md): registration, where it stands, and the daily register re-check. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const c = app.config;
  const deps: RegistrationDeps = {
    db: app.db,
    registers: app.registers,
    geocoder: new Geocoder(app.db, { postcodesIoUrl: c.POSTCODES_IO_URL, log: app.log }),
    kickOutbox: () => app.outbox.kick(),
  };
  const worker = new RegisterRecheckWorker({ db: app.db, registers: app.registers, kickOutbox: deps.kickOutbox, config: c }, app.log);
  app.addHook('onReady', async () => {
    if (c.OUTBOX_WORKER) worker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });

  app.post(
    '/api/provider-register/',
    {
      onRequest: limit(app, {
        name: 'provider-register-ip',
        max: c.RATE_LIMIT_REGISTER_PER_IP,
        timeWindow: '1 hour',
        message: 'Too many sign-ups from this network. Please wait a while and try again.',
      }),
      schema: {
        tags,
        summary: 'A doctor or dentist joins: the account, the register check, the main clinic, optionally a company',
        description:
          'The server looks the membership number up in the register itself: Verified when the register knows the trimmed number under the same full name (case and extra spaces ignored), otherwise Unverified with the reason kept for staff; a register that cannot be asked leaves the provider Unverified and never fails the registration. ' +
          'Unverified providers can sign in and set up but are not searchable or bookable. The clinic address is geocoded (an address that cannot be placed answers 400). ' +
          'A company is joined by its number (UK Companies House, 8 characters; US EIN, 9 digits) or registered when new (name needed). An e-mail verification link is sent, as for patients. ' +
          `400 names the field; 409 when the e-mail already belongs to a provider. Sandbox test entries: ${testEntries}.`,
        body: providerRegisterRequestSchema,
        response: { 201: providerRegisterResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (req, reply) => {
      const result = await registerProvider(deps, req.body, publicOrigin(c, req));
      return reply.status(201).send({
        status: true as const,
        ...result,
        message:
          'Your account is created. We have sent you an e-mail: open the link in it to confirm your address, then sign in as a provider.',
      });
    },
  );

  app.post(
    '/api/provider-verification-status/',
    {
      onRequest: limit(app, { name: 'provider-status-ip', max: 120, timeWindow: '1 hour' }),
      schema: {
        tags,
        summary: 'Where a provider registration stands: e-mail confirmed, register check (with the reason), company',
        description: 'For the signed-in provider, or with the auth_token of the registration answer (valid for a day). 401 otherwise.',
        body: z.object({ auth_token: z.string().max(200).optional() }).nullish(),
        response: { 200: onboardingStatusSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (req) => {
      if (req.caller?.type === 'provider') return onboardingStatus(app.db, req.caller.id);
      const token = req.body?.auth_token;
      const subject = token ? await subjectOfRegistrationToken(app.db, token) : null;
      if (!subject || subject.type !== 'provider') throw onboardingLinkError();
      return onboardingStatus(app.db, subject.id);
    },
  );
};
