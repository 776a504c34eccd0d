import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import { advanceStatuses } from './provider-bookings.repository';
import { dropPastEntries } from './waitlist.repository';

/**
 * Statuses that move by themselves: Booked becomes Completed once the appointment has ended, a hold whose time ran
 * out becomes Expired. Readers already treat them so (the history reads a past Booked as Completed; the free-slot
 * rule ignores a stale hold); this writes it down, every minute.
 */
export class BookingLifecycleWorker extends PollingWorker {
  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
    pollMs = 60_000,
  ) {
    super(log, pollMs, 'booking statuses');
  }

  protected async processDue(): Promise<number> {
    const now = new Date();
    // Waitlist ranges that have passed go too (they change no status, so they are not counted).
    await dropPastEntries(this.db, now);
    return advanceStatuses(this.db, now);
  }
}
