import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerParamsSchema, providerRegionQuerySchema } from '@careslot/contracts/availability';
import {
  calendarFeedDeletedSchema,
  calendarFeedPatchSchema,
  calendarFeedSchema,
  calendarRegionBodySchema,
} from '@careslot/contracts/calendars';
import { requireProvider, requireProviderSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { NotFoundError } from '../../lib/errors';
import { publicOrigin } from '../auth/auth.service';
import { ownProvider } from '../providers/providers.service';
import { buildFeed, FEED_TOKEN, hashFeedToken, isNotModified, newFeedToken } from './booking-feed';
import { createFeedIfNone, deleteFeed, feedByTokenHash, feedOf, saveFeedToken, setFeedShowConcern } from './calendars.repository';

const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const tags = ['provider workspace'];
const path = '/provider/calendar-feed/:providerId/';
const who = "The signed-in provider's own feed only: providerId must be the caller's and providerRegion their region (403 otherwise).";

/** One answer for every link that does not open a feed, whether it never existed, was rotated or revoked. */
const NO_FEED = 'This calendar link does not work. Ask for the current link in your CareSlot workspace.';

/** The private feed of a provider's bookings and its management calls (docs/calendars.md, "The private feed"). */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  // Calendar apps look every few minutes, often many users from one service's addresses: generous per address, tight
  // per link. A 256-bit token is not guessable; the limits keep anyone from trying at volume.
  const perIp = limit(app, {
    name: 'calendar-feed-ip',
    max: 600,
    timeWindow: '1 minute',
    message: 'Too many calendar requests from this address. Please wait a minute.',
  });
  const perLink = limit(app, {
    name: 'calendar-feed-link',
    max: 30,
    timeWindow: '1 minute',
    // Counted by the token's hash: the shared rate-limit store (Redis) never holds a working link.
    key: (req) => hashFeedToken((req.params as { file?: string }).file?.slice(0, 64) ?? ''),
    message: 'This calendar link is being read too often. Please wait a minute.',
  });
  const changes = limit(app, {
    name: 'calendar-feed-changes',
    max: 30,
    timeWindow: '1 hour',
    key: (req) => req.caller?.id ?? req.ip,
    message: 'Too many changes to your calendar link in a short time. Please wait a while and try again.',
  });

  const linkFor = (req: { protocol: string; host: string }, secretPart: string) =>
    `${publicOrigin(app.config, req)}/api/calendar/${secretPart}.ics`;
  const answer = (req: { protocol: string; host: string }, feed: { token_hint: string; show_concern: boolean }, token?: string) => ({
    url: linkFor(req, token ?? `${'•'.repeat(8)}${feed.token_hint}`),
    masked: token === undefined,
    show_concern: feed.show_concern,
  });
  const own = async (req: Parameters<typeof requireProvider>[0], providerId: string, region: string) => {
    requireProviderSelf(req, providerId);
    return ownProvider(app.db, providerId, region);
  };

  app.get(
    '/api/calendar/:file',
    {
      onRequest: [perIp, perLink],
      schema: {
        tags: ['calendars'],
        summary: "A provider's private feed of bookings (iCalendar), at the secret link from their workspace",
        description:
          'text/calendar: confirmed and cancelled bookings from 30 days back, in the clinic time zone with its VTIMEZONE. ' +
          'Answers ETag and Last-Modified, and 304 to If-None-Match / If-Modified-Since. A link that does not open a feed ' +
          '(never existed, rotated, revoked) answers the same 404.',
        params: z.object({ file: z.string() }),
        headers: z.object({ 'if-none-match': z.string().optional(), 'if-modified-since': z.string().optional() }).loose(),
        response: errorResponses(404, 429),
      },
    },
    async (req, typedReply) => {
      // The feed is text/calendar bytes, outside the JSON answers the route types.
      const reply = typedReply as unknown as FastifyReply;
      const token = req.params.file.endsWith('.ics') ? req.params.file.slice(0, -4) : '';
      const feed = FEED_TOKEN.test(token) ? await feedByTokenHash(app.db, hashFeedToken(token)) : undefined;
      if (!feed) throw new NotFoundError(NO_FEED);
      const doc = await buildFeed(app.db, feed);
      reply
        .header('etag', doc.etag)
        .header('last-modified', doc.lastModified.toUTCString())
        .header('cache-control', 'private, no-cache')
        .header('referrer-policy', 'no-referrer');
      if (isNotModified(doc, req.headers['if-none-match'], req.headers['if-modified-since'])) return reply.status(304).send();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="careslot-bookings.ics"')
        .send(Buffer.from(doc.body, 'utf8'));
    },
  );

  app.get(
    path,
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Your private calendar subscription link (made on first ask)',
        description: `${who} The first call makes the link and answers it in full; later calls answer it with the secret part hidden (masked true): only its hash is kept. Rotate to get a new full link.`,
        params: providerParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: calendarFeedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.query.providerRegion);
      const existing = await feedOf(app.db, provider.id);
      if (existing) return answer(req, existing);
      const token = newFeedToken();
      const made = await createFeedIfNone(app.db, provider.id, hashFeedToken(token), token.slice(-4));
      // Another request made it between the two statements: that one showed the link.
      if (!made) return answer(req, (await feedOf(app.db, provider.id))!);
      return answer(req, made, token);
    },
  );

  app.post(
    `${path}rotate/`,
    {
      onRequest: changes,
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Replace your calendar link with a new one',
        description: `${who} The old link stops working at once. Answers the new link in full, this once.`,
        params: providerParamsSchema,
        body: calendarRegionBodySchema,
        response: { 200: calendarFeedSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.body.providerRegion);
      const token = newFeedToken();
      const feed = await saveFeedToken(app.db, provider.id, hashFeedToken(token), token.slice(-4));
      return answer(req, feed, token);
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
        summary: "Whether the feed's events carry the patient's stated reason for the visit",
        description: `${who} Off unless switched on: calendars are often shared or shown on screens. 404 when there is no link yet.`,
        params: providerParamsSchema,
        body: calendarFeedPatchSchema,
        response: { 200: calendarFeedSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.body.providerRegion);
      const feed = await setFeedShowConcern(app.db, provider.id, req.body.show_concern);
      if (!feed) throw new NotFoundError('You have no calendar link yet.');
      return answer(req, feed);
    },
  );

  app.delete(
    path,
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Turn your calendar link off',
        description: `${who} The link stops working at once; asking for the link again makes a new one.`,
        params: providerParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: calendarFeedDeletedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.query.providerRegion);
      return { deleted: await deleteFeed(app.db, provider.id) };
    },
  );
};
