import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  mapQuerySchema,
  mapResponseSchema,
  publicConfigSchema,
  searchQuerySchema,
  searchResponseSchema,
  specialityQuerySchema,
  type SearchResponse,
  specialityResponseSchema,
  MAX_RADIUS_MILES,
  SEARCH_PAGE_SIZE,
} from '@careslot/contracts/search';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { Geocoder, loadBundledCentroids } from '../geo/geo.service';
import { Captcha } from './captcha';
import { ShortCache } from './short-cache';
import { mapService, rememberedSpecialityLookup, searchService, specialitiesOf, type SearchDeps } from './search.service';

/** Searches allowed per IP per 10 minutes without a solved captcha (times RATE_LIMIT_SCALE). */
export const UNVERIFIED_SEARCH_BUDGET = 30;
/** How long an identical search may be answered from memory. */
export const SEARCH_CACHE_MS = 5000;

declare module 'fastify' {
  interface FastifyRequest {
    captchaVerified?: boolean;
  }
}

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoder = new Geocoder(app.db, { postcodesIoUrl: app.config.POSTCODES_IO_URL, log: app.log });
  const deps: SearchDeps = { geocoder, findSpeciality: rememberedSpecialityLookup() };
  const captcha = new Captcha(app.shared, app.config.ALTCHA_HMAC_KEY);
  // Popular searches repeat: identical queries within a few seconds share one answer (profiles and check-slot stay live).
  // The memo keeps the answer's JSON text (decision 078).
  const resultCache = new ShortCache<string>(SEARCH_CACHE_MS, 2000);
  // The shipped UK centroids (areas, seed districts) are loaded at every start; imported data is kept.
  app.addHook('onReady', async () => {
    await loadBundledCentroids(app.db);
  });

  app.get(
    '/api/public-config',
    {
      schema: {
        tags: ['public'],
        summary: 'Settings the web app needs: map tiles, page size, maximum radius',
        response: { 200: publicConfigSchema },
      },
    },
    async () => ({
      mapTileUrl: app.config.MAP_TILE_URL,
      mapAttribution: app.config.MAP_ATTRIBUTION,
      searchPageSize: SEARCH_PAGE_SIZE,
      maxRadiusMiles: MAX_RADIUS_MILES,
    }),
  );

  app.get(
    '/api/get-speciality',
    {
      schema: {
        tags: ['search'],
        summary: "The region's specialities",
        description: 'Send `slug` as `specialty` in searches. The web app caches this list for 1440 minutes per region.',
        querystring: specialityQuerySchema,
        response: { 200: specialityResponseSchema, ...errorResponses(400) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return {
        status: true as const,
        region: req.query.selectedRegion,
        data: await specialitiesOf(app.readDb(req), req.query.selectedRegion),
      };
    },
  );

  const challengeLimit = limit(app, { name: 'altcha-challenge', max: 60, timeWindow: '10 minutes' });
  app.get(
    '/api/altcha-challenge',
    {
      onRequest: challengeLimit,
      schema: {
        tags: ['search'],
        summary: 'A fresh ALTCHA proof-of-work challenge',
        description: 'Solve it in the browser (altcha widget) and send the base64 payload as captchaValue with searches.',
        response: { 200: z.any().describe('ALTCHA challenge (parameters and signature)'), ...errorResponses(429) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );

  const verifyCaptcha = async (req: FastifyRequest) => {
    const value = (req.query as { captchaValue?: unknown }).captchaValue;
    req.captchaVerified = typeof value === 'string' && (await captcha.verify(value));
  };
  const unverifiedBudget = limit(app, {
    name: 'search-unverified',
    max: UNVERIFIED_SEARCH_BUDGET,
    timeWindow: '10 minutes',
    key: (req) => (req.captchaVerified ? undefined : req.ip),
    message: 'You have made many searches in a short time. Please wait a few minutes, or reload the page to verify you are not a robot.',
  });

  app.get(
    '/api/test-search/',
    {
      preHandler: [verifyCaptcha, unverifiedBudget],
      schema: {
        tags: ['search'],
        summary: 'Find bookable providers of a speciality within a radius of a postcode or ZIP',
        description:
          `Only verified, bookable providers of the region and speciality with a hospital within \`radius\` miles (great-circle ` +
          `from the postcode centroid) appear, each once with its nearest hospital. \`specialty\` is the speciality slug. ` +
          `Pages of ${SEARCH_PAGE_SIZE}; \`total\` and \`total_pages\` are returned. Sorts: distance (default), availability ` +
          `(earliest next free slot, none last), fee_asc, fee_desc (first-visit fee); ties by distance. ` +
          `400 for an unknown or malformed postcode/ZIP ("We couldn't find that postcode"), a radius that is not positive or ` +
          `above ${MAX_RADIUS_MILES}, an unknown speciality or region, or a page out of range. Without a valid captchaValue ` +
          `(ALTCHA) an IP may search ${UNVERIFIED_SEARCH_BUDGET} times per 10 minutes (scaled by RATE_LIMIT_SCALE), then 429.`,
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const key = [
        q.selectedRegion,
        q.postcode.toUpperCase().replace(/\s+/g, ''),
        q.specialty.toLowerCase(),
        q.radius,
        q.sort,
        q.page,
      ].join('|');
      // The memo is shared by every API process (decision 050); within one, identical calls also share one promise.
      const text = await resultCache.get(key, async () => {
        const remembered = await app.shared.recall(`search:${key}`);
        if (remembered !== undefined) return remembered;
        // Written once, as built: searchService assembles exactly the contract's fields in its order (search.test.ts holds
        // every answer to searchResponseSchema byte for byte), so no zod encoding (decision 048). Fastify sends a string
        // with a JSON content type as it is, so a memo hit costs no encoding either (decision 078).
        const answer = JSON.stringify(await searchService(app.readDb(req), deps, q));
        await app.shared.remember(`search:${key}`, answer, SEARCH_CACHE_MS);
        return answer;
      });
      // The type provider expects the answer's object; the text is that object, already written.
      return reply.type('application/json; charset=utf-8').send(text as unknown as SearchResponse);
    },
  );

  const mapLimit = limit(app, { name: 'map-view', max: 120, timeWindow: '10 minutes' });
  app.get(
    '/api/map-view/',
    {
      onRequest: mapLimit,
      schema: {
        tags: ['search'],
        summary: 'Map markers for a search',
        description:
          `Same rules as /api/test-search/; up to 500 markers, nearest first, one per provider at its nearest hospital. ` +
          `latitude and longitudea (spelled as in the specification) optionally move the centre. selectedRegion is optional: ` +
          `a ZIP means usa, anything else uk. The web app uses the answer only when status is true.`,
        querystring: mapQuerySchema,
        response: { 200: mapResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (req) => mapService(app.readDb(req), deps, req.query),
  );
};
