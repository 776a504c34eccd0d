import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { PollingWorker } from '../../lib/polling-worker';
import { enqueueMail } from '../mail/mail.service';
import type { OutgoingMail } from '../mail/mail.types';
import { busyPeriodsFromText, CalendarContentError } from './busy-times';
import {
  claimDueCalendars,
  lockCalendar,
  providerContact,
  recordSyncFailure,
  replaceBusyTimes,
  type CalendarRow,
} from './calendars.repository';
import { CalendarFetchError, fetchCalendarText, type FetchLimits } from './safe-fetch';

/**
 * Syncing a connected calendar (docs/calendars.md, "Busy times"): fetch, read the busy times, and replace the last
 * good sync's in one transaction. A failure keeps the last good busy times in force and records the reason; after
 * 24 hours of failures the provider gets one e-mail.
 */

export const SYNC_EVERY_MS = 10 * 60_000;
/** How far ahead busy times are read: past any booking horizon (at most 365 days). */
export const BUSY_DAYS_AHEAD = 400;
const FAILING_MAIL_AFTER_MS = 24 * 3_600_000;

export interface SyncDeps {
  db: Db;
  log: FastifyBaseLogger;
  limits: FetchLimits;
  /** The workspace's Calendar screen, linked from the failure e-mail. */
  screenUrl: string;
  kickOutbox(): void;
}

export interface SyncResult {
  ok: boolean;
  error: string | null;
}

const REGION_ZONE: Record<string, string> = { uk: 'Europe/London', usa: 'America/New_York' };

/** Reads a calendar's busy times now (no database change). Throws CalendarFetchError / CalendarContentError. */
export async function readBusyTimes(deps: Pick<SyncDeps, 'limits'>, calendar: Pick<CalendarRow, 'url'>, zone: string, now: Date) {
  const { text } = await fetchCalendarText(calendar.url, deps.limits);
  return busyPeriodsFromText(text, { from: now, until: new Date(now.getTime() + BUSY_DAYS_AHEAD * 86_400_000), zone });
}

/** The zone all-day events and floating times are read in: the provider's first clinic's, else their region's. */
export async function providerZone(db: Db, providerId: string): Promise<string> {
  const contact = await providerContact(db, providerId);
  return contact?.zone ?? REGION_ZONE[contact?.region ?? 'uk'] ?? 'Europe/London';
}

function failingMail(to: string, firstName: string, calendarName: string, error: string, screenUrl: string): OutgoingMail {
  const lines = [
    `Hello ${firstName},`,
    `CareSlot has not been able to read your calendar "${calendarName}" for more than 24 hours: ${error}`,
    'Until it can, the busy times from its last good sync stay in force, but anything you have added to it since is not taken off sale: patients may book those times.',
  ];
  return {
    to,
    subject: `We cannot read your calendar "${calendarName}"`,
    text: `${lines.join('\n\n')}\n\nFix or remove it here: ${screenUrl}\n\nCareSlot Health Ltd`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">We cannot read one of your calendars</h1>${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('')}
<p style="margin:24px 0"><a href="${escapeHtml(screenUrl)}">Open your Calendar settings</a></p>
<p style="margin:32px 0 0;color:#4a5668;font-size:13px">CareSlot Health Ltd</p></body></html>`,
  };
}

/** Syncs one calendar now. Never throws for the calendar's own faults: they are recorded on its row. */
export async function syncCalendar(deps: SyncDeps, calendar: CalendarRow, now: Date = new Date()): Promise<SyncResult> {
  const zone = await providerZone(deps.db, calendar.provider_id);
  let error: string;
  try {
    const periods = await readBusyTimes(deps, calendar, zone, now);
    await deps.db.transaction(async (tx) => {
      // Removed meanwhile: nothing to write. Locked: a concurrent sync of the same calendar writes after this one.
      const current = await lockCalendar(tx, calendar.id);
      if (current) await replaceBusyTimes(tx, current, periods, now);
    });
    return { ok: true, error: null };
  } catch (err) {
    if (!(err instanceof CalendarFetchError || err instanceof CalendarContentError)) throw err;
    error = err.message;
  }
  let mailed = false;
  await deps.db.transaction(async (tx) => {
    const current = await lockCalendar(tx, calendar.id);
    if (!current) return;
    const since = current.failing_since ?? now;
    if (!current.failure_mailed_at && now.getTime() - since.getTime() >= FAILING_MAIL_AFTER_MS) {
      const contact = await providerContact(tx, current.provider_id);
      if (contact?.email) {
        await enqueueMail(tx, failingMail(contact.email, contact.first_name, current.name, error, deps.screenUrl));
        mailed = true;
      }
    }
    await recordSyncFailure(tx, current.id, error, now, mailed);
  });
  if (mailed) deps.kickOutbox();
  deps.log.info({ calendarId: calendar.id, error }, 'calendar sync failed; the last good busy times stay');
  return { ok: false, error };
}

/** Every 10 minutes per calendar, across any number of API processes: each due calendar is claimed by one of them. */
export class CalendarSyncWorker extends PollingWorker {
  constructor(
    private readonly deps: SyncDeps,
    pollMs: number,
  ) {
    super(deps.log, pollMs, 'calendar sync');
  }

  protected async processDue(now: Date = new Date()): Promise<number> {
    const due = await claimDueCalendars(this.deps.db, now, SYNC_EVERY_MS, 5);
    for (const calendar of due) await syncCalendar(this.deps, calendar, now);
    return due.length;
  }
}
