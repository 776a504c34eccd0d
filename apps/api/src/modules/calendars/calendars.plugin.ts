import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { feedRoutes } from './feed.routes';

/** Clinicians' calendars (docs/calendars.md): the private feed of bookings. */
export const calendarsPlugin: FastifyPluginAsync = fp(async (app) => {
  await app.register(feedRoutes);
});
