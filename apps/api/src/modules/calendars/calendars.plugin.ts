import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { calendarRoutes } from './calendars.routes';
import { feedRoutes } from './feed.routes';
import { DEFAULT_FETCH_LIMITS } from './safe-fetch';
import { CalendarSyncWorker, type SyncDeps } from './sync-calendar';

declare module 'fastify' {
  interface FastifyInstance {
    /** Syncs connected calendars every 10 minutes (each claimed by one process); tests drain it. */
    calendarSync: CalendarSyncWorker;
  }
}

/** How often this process looks for calendars due a sync (each is synced every 10 minutes). */
const CALENDAR_POLL_MS = 30_000;

/** Clinicians' calendars (docs/calendars.md): the private feed of bookings, and busy times from their own calendars. */
export const calendarsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const origin = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
    const sync: SyncDeps = {
      db: app.db,
      log: app.log,
      limits: { ...DEFAULT_FETCH_LIMITS, allowPrivate: config.calendarFetchAllowPrivate },
      screenUrl: `${origin}/doctor/calendar`,
      kickOutbox: () => app.outbox.kick(),
    };
    const worker = new CalendarSyncWorker(sync, CALENDAR_POLL_MS);
    app.decorate('calendarSync', worker);
    // The process that runs the outbox runs the calendar sync too (OUTBOX_WORKER).
    app.addHook('onReady', async () => {
      if (config.OUTBOX_WORKER) worker.start();
    });
    app.addHook('onClose', async () => worker.stop());
    await app.register(feedRoutes);
    await app.register(calendarRoutes, { sync });
  },
  { name: 'calendars' },
);
