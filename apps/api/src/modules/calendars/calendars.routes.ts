import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providerParamsSchema, providerRegionQuerySchema } from '@careslot/contracts/availability';
import {
  calendarDeletedSchema,
  calendarInputSchema,
  calendarMessages,
  calendarParamsSchema,
  calendarRegionBodySchema,
  calendarsResponseSchema,
  connectedCalendarSchema,
  MAX_CALENDARS,
} from '@careslot/contracts/calendars';
import { requireProvider, requireProviderSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { NotFoundError } from '../../lib/errors';
import { ownProvider } from '../providers/providers.service';
import { addCalendar, calendarRows, type ManageDeps } from './manage-calendars';
import { calendarOf, deleteCalendar } from './calendars.repository';
import { syncCalendar, type SyncDeps } from './sync-calendar';

const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const tags = ['provider workspace'];
const path = '/provider/calendars/:providerId/';
const who = "The signed-in provider's own calendars only: providerId must be the caller's and providerRegion their region (403 otherwise).";

export interface CalendarRoutesOptions {
  sync: SyncDeps;
}

/** The calendars whose busy times are taken off sale (docs/calendars.md, "Busy times"). */
export const calendarRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions> = async (app, opts) => {
  const deps: ManageDeps = { db: app.db, sync: opts.sync };
  // Each add and sync fetches a link the provider chose: bounded per provider.
  const fetches = limit(app, {
    name: 'calendar-fetches',
    max: 60,
    timeWindow: '1 hour',
    key: (req) => req.caller?.id ?? req.ip,
    message: 'Too many calendar checks in a short time. Please wait a while and try again.',
  });
  const own = async (req: Parameters<typeof requireProvider>[0], providerId: string, region: string) => {
    requireProviderSelf(req, providerId);
    return ownProvider(app.db, providerId, region);
  };
  const rowOf = async (providerId: string, calendarId: string) => {
    const row = (await calendarRows(app.db, providerId)).find((c) => c.id === calendarId);
    if (!row) throw new NotFoundError(calendarMessages.notFound);
    return row;
  };

  app.get(
    path,
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Your connected calendars, with their last good sync, busy times and any error',
        description: `${who} Passwords are never returned. busy_events: busy periods from now on; slots_hidden: free future slots they hide.`,
        params: providerParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: calendarsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.query.providerRegion);
      return { calendars: await calendarRows(app.db, provider.id) };
    },
  );

  app.post(
    path,
    {
      onRequest: fetches,
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Connect a calendar (an ICS link) whose busy times are taken off sale',
        description:
          `${who} kind 'ics': url is the calendar's http(s) or webcal link. The link is fetched and read once before it is ` +
          `saved: one that cannot be fetched or is not a calendar answers 400 with the reason. Up to ${MAX_CALENDARS} calendars; 409 for one already connected.`,
        params: providerParamsSchema,
        body: calendarInputSchema,
        response: { 201: connectedCalendarSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req, reply) => {
      const provider = await own(req, req.params.providerId, req.body.providerRegion);
      const id = await addCalendar(deps, provider.id, req.body);
      return reply.status(201).send(await rowOf(provider.id, id));
    },
  );

  app.delete(
    `${path}:calendarId/`,
    {
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Disconnect a calendar',
        description: `${who} Its busy times stop hiding slots at once.`,
        params: calendarParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: calendarDeletedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.query.providerRegion);
      if (!(await deleteCalendar(app.db, provider.id, req.params.calendarId))) throw new NotFoundError(calendarMessages.notFound);
      return { deleted: true as const };
    },
  );

  app.post(
    `${path}:calendarId/sync/`,
    {
      onRequest: fetches,
      preHandler: requireProvider,
      schema: {
        tags,
        security,
        summary: 'Sync a calendar now',
        description: `${who} Answers the calendar's row after the sync; a failed sync answers 200 with its error, and the last good busy times stay.`,
        params: calendarParamsSchema,
        body: calendarRegionBodySchema,
        response: { 200: connectedCalendarSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const provider = await own(req, req.params.providerId, req.body.providerRegion);
      const calendar = await calendarOf(app.db, provider.id, req.params.calendarId);
      if (!calendar) throw new NotFoundError(calendarMessages.notFound);
      await syncCalendar(opts.sync, calendar);
      return rowOf(provider.id, calendar.id);
    },
  );
};
