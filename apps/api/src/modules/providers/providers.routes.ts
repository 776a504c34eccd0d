import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkSlotParamsSchema,
  checkSlotQuerySchema,
  checkSlotResponseSchema,
  doctorResponseSchema,
  providerDetailsResponseSchema,
  providerIdParamsSchema,
  providerRegionQuerySchema,
  providerSlotsQuerySchema,
  providerSlotsResponseSchema,
} from '@careslot/contracts/providers';
import { errorResponses } from '../../plugins/errors';
import { checkSlot, loadPublicProvider, providerSlots, publicDoctor, toProviderDetails } from './providers.service';
import { workspaceRoutes } from './workspace.routes';
import { registrationRoutes } from './registration.routes';

/**
 * Public provider profile and availability. Read-only and open to visitors (the profile page is public); read from a replica
 * when there are any (decision 115), except check-slot, which decides a checkout and reads the primary.
 */
export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The provider's own record in the workspace.
  await app.register(workspaceRoutes);
  await app.register(registrationRoutes);

  app.get(
    '/api/provider-details/:id/',
    {
      schema: {
        tags: ['providers'],
        summary: "A verified provider's public profile",
        description:
          'The profile fields of docs/search.md (registed_with, qualifications, hospital_details…), fees for a new patient (amount) and a follow-up ' +
          '(follow_amount) in the region currency, about and languages. 404 for unknown, unverified or other-region providers.',
        params: providerIdParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: providerDetailsResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      const { provider, hospitals } = await loadPublicProvider(app.readDb(req), req.params.id, req.query.selectedRegion);
      return { status: true as const, data: toProviderDetails(provider, hospitals) };
    },
  );

  app.get(
    '/api/doctors/:id',
    {
      schema: {
        tags: ['providers'],
        summary: "A verified provider's name, qualifications and photo",
        params: providerIdParamsSchema,
        response: { 200: doctorResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (req) => ({ status: true as const, data: await publicDoctor(app.readDb(req), req.params.id) }),
  );

  app.get(
    '/api/provider-slots/:id/',
    {
      schema: {
        tags: ['providers'],
        summary: "A provider's slots for a range of days, with whether each is free",
        description:
          'from/to are local days (YYYY-MM-DD) in the main hospital time zone; default today and 14 days. Each slot carries date ' +
          "(DD/MM/YYYY), time and end_time ('h:mm AM/PM') in its hospital's time zone, consultationTime in minutes and available " +
          '(open, in the future, and neither booked nor held by an unexpired hold).',
        params: providerIdParamsSchema,
        querystring: providerSlotsQuerySchema,
        response: { 200: providerSlotsResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      const data = await providerSlots(app.readDb(req), req.params.id, req.query.selectedRegion, req.query);
      return { status: true as const, data };
    },
  );

  app.get(
    '/user/check-slot/:doctorId/',
    {
      schema: {
        tags: ['booking'],
        summary: 'Whether one slot is still free',
        description:
          "Finds the provider's slot by date (DD/MM/YYYY) and time (h:mm AM/PM) read in the time zone of the slot's hospital. " +
          'data.available is false for a slot that is booked, held by another patient, withdrawn, past, or does not exist. ' +
          "A signed-in patient's own unexpired hold counts as available to them (their checkout is in progress). " +
          "data.hospital_id and data.end_time are the slot's own hospital and end ('h:mm AM/PM'), null when there is no such slot.",
        params: checkSlotParamsSchema,
        querystring: checkSlotQuerySchema,
        response: { 200: checkSlotResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      const patientId = req.caller?.type === 'patient' ? req.caller.id : undefined;
      const data = await checkSlot(app.db, req.params.doctorId, req.query.providerRegion, req.query.date, req.query.time, patientId);
      return { status: true as const, data };
    },
  );
};
