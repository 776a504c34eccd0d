import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerParamsSchema, providerRegionQuerySchema } from '@careslot/contracts/availability';
import { blankable } from '@careslot/contracts/blankable';
import { profileImageResponseSchema } from '@careslot/contracts/patients';
import {
  clinicInputSchema,
  clinicParamsSchema,
  ownProfileResponseSchema,
  profilePatchSchema,
} from '@careslot/contracts/provider-workspace';
import { requireProvider, requireProviderSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { readProfileImageUpload } from '../../lib/profile-image';
import { Geocoder } from '../geo/geo.service';
import { addClinic, ownProfile, removeClinic, saveProviderPhoto, updateOwnProfile, type ProfileDeps } from './provider-profile';
import { ownProvider } from './providers.service';

const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const tags = ['provider workspace'];
const who = "The signed-in provider's own record only: providerId must be the caller's and providerRegion their region (403 otherwise).";

/** The provider's own profile in the workspace (docs/provider-workspace.md, "Profile"). */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ProfileDeps = {
    db: app.db,
    config: app.config,
    geocoder: new Geocoder(app.db, { postcodesIoUrl: app.config.POSTCODES_IO_URL, log: app.log }),
  };
  const own = async (req: Parameters<typeof requireProvider>[0], providerId: string, region: string | undefined) => {
    requireProviderSelf(req, providerId);
    return ownProvider(app.db, providerId, region);
  };

  app.get(
    '/provider/profile/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Your own record with your clinics and their ids, verified or not',
        description: `${who} providerRegion may be left out here only: the answer then tells the workspace your region.`,
        params: providerParamsSchema,
        querystring: z.object({ providerRegion: blankable(providerRegionQuerySchema.shape.providerRegion) }),
        response: { 200: ownProfileResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await own(req, req.params.providerId, req.query.providerRegion);
      return { status: true as const, data: await ownProfile(app.db, req.params.providerId) };
    },
  );

  app.patch(
    '/provider/profile/:providerId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Change your bio, languages, qualifications, fees or consultation length',
        description: `${who} Fees in major units of your region's currency ('62.00'). Patients see the change in search at once.`,
        params: providerParamsSchema,
        body: profilePatchSchema,
        response: { 200: ownProfileResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await own(req, req.params.providerId, req.body.providerRegion);
      return { status: true as const, data: await updateOwnProfile(deps, req.params.providerId, req.body) };
    },
  );

  app.post(
    '/provider/profile/:providerId/photo/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Upload your photo (multipart field profile_image): JPEG, PNG or WebP by content, at most 5 MB',
        description: `${who} Resized to a 512 px square WebP with metadata removed; served at the returned /uploads/… path.`,
        consumes: ['multipart/form-data'],
        params: providerParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: profileImageResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (req) => {
      await own(req, req.params.providerId, req.query.providerRegion);
      const data = await readProfileImageUpload(req);
      return { status: true as const, profile_image: await saveProviderPhoto(deps, req.params.providerId, data) };
    },
  );

  app.post(
    '/provider/profile/:providerId/clinics/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Add a clinic (name, street, city, postcode or ZIP; placed by the geocoder)',
        description: `${who} An address the geocoder cannot place answers 400. At most 10 clinics.`,
        params: providerParamsSchema,
        body: clinicInputSchema,
        response: { 201: ownProfileResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const provider = await own(req, req.params.providerId, req.body.providerRegion);
      return reply.status(201).send({ status: true as const, data: await addClinic(deps, provider, req.body) });
    },
  );

  app.delete(
    '/provider/profile/:providerId/clinics/:hospitalId/',
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Remove a clinic without upcoming appointments (its availability goes with it)',
        description: `${who} 409 for a clinic with held or booked appointments to come, or for your last clinic.`,
        params: clinicParamsSchema,
        querystring: z.object({ providerRegion: providerRegionQuerySchema.shape.providerRegion }),
        response: { 200: ownProfileResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await own(req, req.params.providerId, req.query.providerRegion);
      return { status: true as const, data: await removeClinic(deps, req.params.providerId, req.params.hospitalId) };
    },
  );
};
