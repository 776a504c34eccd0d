/**
 * Busy times from a provider's own calendar (an ICS link served by a local HTTP server the test starts): slots they
 * overlap leave the profile and search, come back when the event goes, a booked one stays booked and is flagged, a
 * failing calendar keeps its last good busy times and mails the provider once after 24 hours, and the 10-minute sync
 * takes each calendar in one process only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/booking';
import { calendarBusyTimes, providerCalendars } from '../../db/schema/calendars';
import { mailOutbox } from '../../db/schema/mail';
import { hospitals, providers } from '../../db/schema/providers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookSlot, newPatientRow, newProvider, slotAt, type TestProvider } from '../availability/availability.test-helpers';
import { claimDueCalendars } from './calendars.repository';
import { NOT_ICALENDAR } from './busy-times';
import { fetchMessages } from './safe-fetch';

/** What the local calendar server answers, per path. */
const served = new Map<string, { status: number; body: string }>();
let server: http.Server;
let base: string;
let t: TestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = served.get(req.url ?? '') ?? { status: 404, body: 'not here' };
    res.writeHead(answer.status, { 'content-type': 'text/calendar; charset=utf-8' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    seed: { providersPerRegion: 2, days: 1 },
    env: { RATE_LIMIT_SCALE: '100', CALENDAR_FETCH_ALLOW_PRIVATE: 'true' },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const utc = (d: Date) => DateTime.fromJSDate(d).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
const calendarOf = (...events: { uid: string; start: Date; end: Date; extra?: string[] }[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${utc(e.start)}`,
      `DTEND:${utc(e.end)}`,
      ...(e.extra ?? []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

async function londonProvider() {
  const p = await newProvider(t.app, { clinics: 1 });
  await t.app.db.update(hospitals).set({ time_zone: 'Europe/London' }).where(eq(hospitals.id, p.clinics[0]!.id));
  return p;
}
const day = (days: number, hour: number, minute = 0) =>
  DateTime.now().setZone('Europe/London').startOf('day').plus({ days, hours: hour, minutes: minute }).toJSDate();

const connect = (p: TestProvider, path: string, over: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/provider/calendars/${p.id}/`,
    headers: p.auth,
    payload: { providerRegion: p.region, name: 'Practice calendar', kind: 'ics', url: `${base}${path}`, ...over },
  });
const list = async (p: TestProvider) =>
  (await t.app.inject({ url: `/provider/calendars/${p.id}/?providerRegion=${p.region}`, headers: p.auth })).json().calendars as {
    id: string;
    last_synced_at: string | null;
    busy_events: number;
    slots_hidden: number;
    error: string | null;
  }[];
const syncNow = (p: TestProvider, id: string) =>
  t.app.inject({ method: 'POST', url: `/provider/calendars/${p.id}/${id}/sync/`, headers: p.auth, payload: { providerRegion: p.region } });
const profileStarts = async (p: TestProvider, from: Date) => {
  const d = DateTime.fromJSDate(from, { zone: 'Europe/London' }).toISODate();
  const res = await t.app.inject({ url: `/api/provider-slots/${p.id}/?selectedRegion=uk&from=${d}&to=${d}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.slots as { time: string; available: boolean }[]).filter((s) => s.available).map((s) => s.time);
};
const checkSlot = async (p: TestProvider, at: Date) => {
  const local = DateTime.fromJSDate(at, { zone: 'Europe/London' });
  const res = await t.app.inject({
    url: `/user/check-slot/${p.id}/?providerRegion=uk&date=${local.toFormat('dd/MM/yyyy')}&time=${encodeURIComponent(local.toFormat('h:mm a'))}`,
  });
  return res;
};

describe('busy times from an ICS link', () => {
  it('hides the slots a busy event overlaps, and gives them back when the event goes', async () => {
    const p = await londonProvider();
    for (const hour of [9, 10, 11]) await slotAt(t.app, p, day(3, hour));
    served.set(`/${p.id}.ics`, {
      status: 200,
      body: calendarOf({ uid: 'meeting@test', start: day(3, 10, 15), end: day(3, 10, 45) }),
    });
    expect(await profileStarts(p, day(3, 0))).toEqual(['9:00 AM', '10:00 AM', '11:00 AM']);

    const added = await connect(p, `/${p.id}.ics`);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Practice calendar', kind: 'ics', busy_events: 1, slots_hidden: 1, error: null });
    expect(added.json().last_synced_at).not.toBeNull();
    expect(await profileStarts(p, day(3, 0))).toEqual(['9:00 AM', '11:00 AM']);

    // The event goes: after the next sync the slot is back.
    served.set(`/${p.id}.ics`, { status: 200, body: calendarOf() });
    const synced = await syncNow(p, added.json().id);
    expect(synced.json()).toMatchObject({ busy_events: 0, slots_hidden: 0, error: null });
    expect(await profileStarts(p, day(3, 0))).toEqual(['9:00 AM', '10:00 AM', '11:00 AM']);
  });

  it('an all-day event blocks the whole day; transparent and cancelled events block nothing', async () => {
    const p = await londonProvider();
    for (const hour of [9, 14]) await slotAt(t.app, p, day(4, hour));
    await slotAt(t.app, p, day(5, 9));
    const d = DateTime.fromJSDate(day(4, 0), { zone: 'Europe/London' });
    served.set(`/${p.id}-allday.ics`, {
      status: 200,
      body: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        'BEGIN:VEVENT',
        'UID:leave@test',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;VALUE=DATE:${d.toFormat('yyyyMMdd')}`,
        `DTEND;VALUE=DATE:${d.plus({ days: 1 }).toFormat('yyyyMMdd')}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
    served.set(`/${p.id}-free.ics`, {
      status: 200,
      body: calendarOf(
        { uid: 'free@test', start: day(5, 9), end: day(5, 10), extra: ['TRANSP:TRANSPARENT'] },
        { uid: 'off@test', start: day(5, 9), end: day(5, 10), extra: ['STATUS:CANCELLED'] },
      ),
    });
    expect((await connect(p, `/${p.id}-allday.ics`, { name: 'Leave' })).json()).toMatchObject({ busy_events: 1, slots_hidden: 2 });
    expect((await connect(p, `/${p.id}-free.ics`, { name: 'Shared' })).json()).toMatchObject({ busy_events: 0, slots_hidden: 0 });
    expect(await profileStarts(p, day(4, 0))).toEqual([]);
    expect(await profileStarts(p, day(5, 0))).toEqual(['9:00 AM']);
    // Checkout's own check refuses the hidden time too.
    const check = await checkSlot(p, day(4, 9));
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.available).toBe(false);
    expect((await checkSlot(p, day(5, 9))).json().data.available).toBe(true);
    expect((await list(p)).map((c) => c.busy_events)).toEqual([1, 0]);
  });

  it('a booked slot a new busy event overlaps stays booked and is flagged on the dashboard', async () => {
    const p = await londonProvider();
    const slot = await slotAt(t.app, p, day(6, 10));
    const patient = await newPatientRow(t.app, 'Kim');
    const booking = await bookSlot(t.app, slot, { patientId: patient.id });
    served.set(`/${p.id}-clash.ics`, { status: 200, body: calendarOf({ uid: 'clash@test', start: day(6, 10), end: day(6, 11) }) });
    expect((await connect(p, `/${p.id}-clash.ics`, { name: 'Hospital rota' })).json()).toMatchObject({ busy_events: 1, slots_hidden: 0 });
    const [still] = await t.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(still!.status).toBe('Booked');
    const dash = await t.app.inject({ url: `/provider/dashboard/${p.id}/?providerRegion=uk`, headers: p.auth });
    const shown = DateTime.fromJSDate(day(6, 10), { zone: 'Europe/London' });
    expect(dash.json().data.calendar_clashes).toEqual([
      { date: shown.toFormat('dd/MM/yyyy'), start_time: '10:00 AM', end_time: '10:30 AM', calendar_name: 'Hospital rota' },
    ]);
  });

  it('refuses a link that cannot be read with the reason, and saves nothing', async () => {
    const p = await londonProvider();
    served.set(`/${p.id}-html.ics`, { status: 200, body: '<html>Please sign in</html>' });
    const cases: [string, string][] = [
      [`/${p.id}-missing.ics`, fetchMessages.status(404)],
      [`/${p.id}-html.ics`, NOT_ICALENDAR],
    ];
    for (const [path, reason] of cases) {
      const res = await connect(p, path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message).toBe(reason);
    }
    for (const [over, field] of [
      [{ url: 'ftp://example.com/cal.ics' }, 'url'],
      [{ url: '' }, 'url'],
      [{ name: '' }, 'name'],
      [{ kind: 'google' }, 'kind'],
      [{ kind: 'caldav', username: '', password: '' }, 'username'],
    ] as const) {
      const res = await connect(p, '/x.ics', over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(over)).toContain(field);
    }
    expect(await list(p)).toEqual([]);
    // webcal:// is read as https:// (and the test server speaks http, so it fails to connect, with the reason).
    const webcal = await connect(p, '', { url: `webcal://127.0.0.1:${new URL(base).port}/${p.id}.ics` });
    expect(webcal.statusCode).toBe(400);
    expect(webcal.json().message).toBe(fetchMessages.unreachable);
  });

  it('never reaches addresses inside the network when that is not allowed', async () => {
    const strict = await createTestApp({
      seed: { providersPerRegion: 2, days: 1 },
      env: { NODE_ENV: 'test', CALENDAR_FETCH_ALLOW_PRIVATE: 'false' },
    });
    try {
      const p = await newProvider(strict.app, { clinics: 1 });
      const res = await strict.app.inject({
        method: 'POST',
        url: `/provider/calendars/${p.id}/`,
        headers: p.auth,
        payload: { providerRegion: 'uk', name: 'Metadata', kind: 'ics', url: 'http://169.254.169.254/latest/meta-data/' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(fetchMessages.blocked);
    } finally {
      await strict.close();
    }
  }, 120_000);

  it('keeps the last good busy times when a sync fails, shows the error, and mails the provider once after 24 hours', async () => {
    const p = await londonProvider();
    await t.app.db
      .update(providers)
      .set({ email: `dr-${p.id.slice(0, 8)}@example.com` })
      .where(eq(providers.id, p.id));
    await slotAt(t.app, p, day(7, 10));
    served.set(`/${p.id}-flaky.ics`, { status: 200, body: calendarOf({ uid: 'a@test', start: day(7, 10), end: day(7, 11) }) });
    const added = (await connect(p, `/${p.id}-flaky.ics`)).json();
    const goodSync = added.last_synced_at as string;

    served.set(`/${p.id}-flaky.ics`, { status: 401, body: 'no' });
    const failed = (await syncNow(p, added.id)).json();
    expect(failed).toMatchObject({ error: fetchMessages.status(401), last_synced_at: goodSync, busy_events: 1, slots_hidden: 1 });
    expect(await profileStarts(p, day(7, 0))).toEqual([]);
    const mails = () =>
      t.app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, `dr-${p.id.slice(0, 8)}@example.com`));
    expect(await mails()).toHaveLength(0);

    // Failing for more than a day: one e-mail, however many failures follow.
    await t.app.db
      .update(providerCalendars)
      .set({ failing_since: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(providerCalendars.id, added.id));
    await syncNow(p, added.id);
    await syncNow(p, added.id);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('We cannot read your calendar "Practice calendar"');
    expect(sent[0]!.text).toContain(fetchMessages.status(401));

    // Recovery clears the error; a later run of failures may mail again.
    served.set(`/${p.id}-flaky.ics`, { status: 200, body: calendarOf() });
    const back = (await syncNow(p, added.id)).json();
    expect(back.error).toBeNull();
    expect(back.last_synced_at > goodSync).toBe(true);
    const [row] = await t.app.db.select().from(providerCalendars).where(eq(providerCalendars.id, added.id));
    expect(row!.failing_since).toBeNull();
    expect(row!.failure_mailed_at).toBeNull();
  });

  it('the worker syncs each due calendar every 10 minutes, one process per calendar', async () => {
    const p = await londonProvider();
    await slotAt(t.app, p, day(8, 10));
    served.set(`/${p.id}-worker.ics`, { status: 200, body: calendarOf() });
    const added = (await connect(p, `/${p.id}-worker.ics`)).json();
    // Not due yet: the worker leaves it.
    await t.app.calendarSync.drain();
    served.set(`/${p.id}-worker.ics`, { status: 200, body: calendarOf({ uid: 'w@test', start: day(8, 10), end: day(8, 11) }) });
    await t.app.calendarSync.drain();
    expect((await list(p))[0]!.busy_events).toBe(0);
    // Due: synced once, and not again for 10 minutes.
    await t.app.db
      .update(providerCalendars)
      .set({ next_sync_at: new Date(Date.now() - 1000) })
      .where(eq(providerCalendars.id, added.id));
    expect(await t.app.calendarSync.drain()).toBeGreaterThanOrEqual(1);
    expect((await list(p))[0]!.busy_events).toBe(1);
    const [row] = await t.app.db.select().from(providerCalendars).where(eq(providerCalendars.id, added.id));
    expect(row!.next_sync_at.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);

    // Two processes claiming at once never take the same calendar.
    await t.app.db.update(providerCalendars).set({ next_sync_at: new Date(Date.now() - 1000) });
    const now = new Date();
    const [a, b] = await Promise.all([claimDueCalendars(t.app.db, now, 600_000, 100), claimDueCalendars(t.app.db, now, 600_000, 100)]);
    const ids = [...a, ...b].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(providerCalendars);
    expect(ids.length).toBe(all[0]!.n);
  });

  it('removing a calendar gives its slots back at once; another provider cannot see or remove it', async () => {
    const p = await londonProvider();
    const other = await londonProvider();
    await slotAt(t.app, p, day(9, 10));
    served.set(`/${p.id}-rm.ics`, { status: 200, body: calendarOf({ uid: 'rm@test', start: day(9, 10), end: day(9, 11) }) });
    const added = (await connect(p, `/${p.id}-rm.ics`)).json();
    expect(await profileStarts(p, day(9, 0))).toEqual([]);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/provider/calendars/${other.id}/${added.id}/?providerRegion=uk`,
      headers: other.auth,
    });
    expect(theirs.statusCode).toBe(404);
    const duplicate = await connect(p, `/${p.id}-rm.ics`);
    expect(duplicate.statusCode).toBe(409);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/provider/calendars/${p.id}/${added.id}/?providerRegion=uk`,
      headers: p.auth,
    });
    expect(gone.json()).toEqual({ deleted: true });
    expect(await profileStarts(p, day(9, 0))).toEqual(['10:00 AM']);
    expect(
      await t.app.db
        .select()
        .from(calendarBusyTimes)
        .where(and(eq(calendarBusyTimes.provider_id, p.id))),
    ).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/provider/calendars/${p.id}/${added.id}/?providerRegion=uk`,
      headers: p.auth,
    });
    expect(again.statusCode).toBe(404);
  });
});
