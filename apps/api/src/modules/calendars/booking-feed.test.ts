/**
 * The private feed of bookings, read back with ical.js as a calendar app would: VTIMEZONEs of the clinics, DST weeks in
 * London and New York, cancellations and reschedules, conditional requests, and the link's life (rotate, revoke).
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/booking';
import { calendarFeeds } from '../../db/schema/calendars';
import { hospitals } from '../../db/schema/providers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookSlot, newPatientRow, newProvider, slotAt, type TestProvider } from '../availability/availability.test-helpers';
import { redactUrl } from '../../app';
import { hashFeedToken } from './booking-feed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: { providersPerRegion: 2, days: 1 },
    env: { RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://care.example' },
  });
}, 120_000);
afterAll(async () => t?.close());

const feedLink = async (p: TestProvider) => {
  const res = await t.app.inject({ url: `/provider/calendar-feed/${p.id}/?providerRegion=${p.region}`, headers: p.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; masked: boolean; show_concern: boolean };
};
const pathOf = (url: string) => new URL(url).pathname;

interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  description: string;
  location: string;
  tzid: string | null;
  local: string;
  start: Date;
  end: Date;
}

/** The feed as ical.js reads it, with the VTIMEZONEs it carries registered (none built into ical.js). */
function parseFeed(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body) as unknown[]);
  const zones = cal.getAllSubcomponents('vtimezone').map((z) => {
    const tz = new ICAL.Timezone(z);
    ICAL.TimezoneService.register(tz, tz.tzid);
    return tz.tzid;
  });
  const events: ParsedEvent[] = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      sequence: e.sequence,
      status: String(v.getFirstPropertyValue('status')),
      summary: e.summary,
      description: e.description,
      location: e.location,
      tzid: v.getFirstProperty('dtstart')!.getParameter('tzid') as string | null,
      local: e.startDate.toString(),
      start: e.startDate.toJSDate(),
      end: e.endDate.toJSDate(),
    };
  });
  return { zones, events };
}

async function clinicIn(p: TestProvider, zone: string) {
  await t.app.db.update(hospitals).set({ time_zone: zone }).where(eq(hospitals.id, p.clinics[0]!.id));
  p.clinics[0]!.time_zone = zone;
}

describe('the private feed', () => {
  it('lists bookings in the clinic zone with its VTIMEZONE, right in the DST weeks of London', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await clinicIn(p, 'Europe/London');
    const patient = await newPatientRow(t.app, 'Alex');
    // The Fridays before and the Mondays after the clocks change (last Sundays of March and October 2027), at 09:00.
    const days = ['2027-03-26', '2027-03-29', '2027-10-29', '2027-11-01'];
    const made = [];
    for (const day of days) {
      const at = DateTime.fromISO(`${day}T09:00`, { zone: 'Europe/London' }).toJSDate();
      const b = await bookSlot(t.app, await slotAt(t.app, p, at), { patientId: patient.id });
      await t.app.db.update(bookings).set({ purpose_for_visit: 'Chest pain when climbing stairs' }).where(eq(bookings.id, b.id));
      made.push({ at, uid: b.ics_uid });
    }
    const link = await feedLink(p);
    expect(link.masked).toBe(false);
    expect(link.url).toMatch(/^https:\/\/care\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await t.app.inject({ url: pathOf(link.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { zones, events } = parseFeed(res.body);
    expect(zones).toEqual(['Europe/London']);
    expect(events.map((e) => e.uid)).toEqual(made.map((m) => m.uid));
    for (const [i, e] of events.entries()) {
      expect(e.tzid).toBe('Europe/London');
      expect(e.local).toBe(`${days[i]}T09:00:00`);
      expect(e.start.toISOString()).toBe(made[i]!.at.toISOString());
      expect(e.end.getTime() - e.start.getTime()).toBe(30 * 60_000);
      expect(e.status).toBe('CONFIRMED');
      expect(e.summary).toBe('Alex · First visit');
      expect(e.location).toContain(p.clinics[0]!.name);
      // No medical concern unless switched on.
      expect(e.description).not.toContain('Chest pain');
    }
    // 09:00 GMT is 09:00Z before the change, 08:00Z after it (BST), and back again in October.
    expect(events.map((e) => e.start.toISOString().slice(11, 16))).toEqual(['09:00', '08:00', '08:00', '09:00']);

    const on = await t.app.inject({
      method: 'PATCH',
      url: `/provider/calendar-feed/${p.id}/`,
      headers: p.auth,
      payload: { providerRegion: 'uk', show_concern: true },
    });
    expect(on.json()).toMatchObject({ masked: true, show_concern: true });
    const withConcern = parseFeed((await t.app.inject({ url: pathOf(link.url) })).body);
    expect(withConcern.events[0]!.description).toContain('Reason given: Chest pain when climbing stairs');
  });

  it('places New York bookings right in the weeks of the second Sunday of March and the first of November', async () => {
    const p = await newProvider(t.app, { region: 'usa', clinics: 1 });
    await clinicIn(p, 'America/New_York');
    const days = ['2027-03-12', '2027-03-15', '2027-11-05', '2027-11-08'];
    for (const day of days) {
      await bookSlot(t.app, await slotAt(t.app, p, DateTime.fromISO(`${day}T14:30`, { zone: 'America/New_York' }).toJSDate()));
    }
    const { zones, events } = parseFeed((await t.app.inject({ url: pathOf((await feedLink(p)).url) })).body);
    expect(zones).toEqual(['America/New_York']);
    expect(events.map((e) => e.local)).toEqual(days.map((d) => `${d}T14:30:00`));
    // EST is UTC−5, EDT UTC−4.
    expect(events.map((e) => e.start.toISOString().slice(11, 16))).toEqual(['19:30', '18:30', '18:30', '19:30']);
    // A booking whose patient deleted their account shows no name.
    expect(events[0]!.summary).toBe('Patient · First visit');
  });

  it('shows a cancellation as STATUS:CANCELLED with a higher SEQUENCE, and a reschedule as the same UID at the new time', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await clinicIn(p, 'Europe/London');
    const patient = await newPatientRow(t.app, 'Sam');
    const soon = (days: number, hour: number) =>
      DateTime.now().setZone('Europe/London').startOf('day').plus({ days, hours: hour }).toJSDate();
    const cancelled = await bookSlot(t.app, await slotAt(t.app, p, soon(5, 10)), { patientId: patient.id });
    const moved = await bookSlot(t.app, await slotAt(t.app, p, soon(6, 10)), { patientId: patient.id });
    const link = await feedLink(p);
    const before = parseFeed((await t.app.inject({ url: pathOf(link.url) })).body).events;
    expect(before.map((e) => [e.uid, e.sequence, e.status])).toEqual([
      [cancelled.ics_uid, 0, 'CONFIRMED'],
      [moved.ics_uid, 0, 'CONFIRMED'],
    ]);

    const local = DateTime.fromJSDate(soon(5, 10), { zone: 'Europe/London' });
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/user/user-or-provider-appointment-cancellation/${patient.id}/${p.id}/`,
      headers: p.auth,
      payload: {
        providerRegion: 'uk',
        date: local.toFormat('dd/MM/yyyy'),
        start_time: local.toFormat('h:mm a'),
        cancelling_person: 'provider',
        cancellation_reason: 'Unwell',
      },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const patientToken = await t.app.tokens.signAccess({ id: patient.id, type: 'patient' });
    const from = DateTime.fromJSDate(soon(6, 10), { zone: 'Europe/London' });
    const to = DateTime.fromJSDate(soon(7, 15), { zone: 'Europe/London' });
    await slotAt(t.app, p, to.toJSDate());
    const move = await t.app.inject({
      method: 'POST',
      url: `/user/reschedule-appointment/${patient.id}/${p.id}/`,
      headers: { authorization: `Bearer ${patientToken}` },
      payload: {
        providerRegion: 'uk',
        date: from.toFormat('dd/MM/yyyy'),
        start_time: from.toFormat('h:mm a'),
        new_date: to.toFormat('dd/MM/yyyy'),
        new_start_time: to.toFormat('h:mm a'),
      },
    });
    expect(move.statusCode, move.body).toBe(200);

    const after = parseFeed((await t.app.inject({ url: pathOf(link.url) })).body).events;
    expect(after).toHaveLength(2);
    const c = after.find((e) => e.uid === cancelled.ics_uid)!;
    expect(c.status).toBe('CANCELLED');
    expect(c.sequence).toBeGreaterThan(0);
    expect(c.start.toISOString()).toBe(soon(5, 10).toISOString());
    const m = after.find((e) => e.uid === moved.ics_uid)!;
    expect(m.status).toBe('CONFIRMED');
    expect(m.sequence).toBeGreaterThan(0);
    expect(m.start.toISOString()).toBe(to.toJSDate().toISOString());
  });

  it('answers ETag and Last-Modified, and 304 while nothing changed', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await bookSlot(t.app, await slotAt(t.app, p, DateTime.now().plus({ days: 3 }).startOf('hour').toJSDate()));
    const path = pathOf((await feedLink(p)).url);
    const first = await t.app.inject({ url: path });
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();
    const again = await t.app.inject({ url: path });
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const same = await t.app.inject({ url: path, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect((await t.app.inject({ url: path, headers: { 'if-modified-since': lastModified } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: path, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    // A new booking changes the tag.
    await bookSlot(t.app, await slotAt(t.app, p, DateTime.now().plus({ days: 4 }).startOf('hour').toJSDate()));
    const changed = await t.app.inject({ url: path, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseFeed(changed.body).events).toHaveLength(2);
  });

  it('keeps only the hash of the link; shows it in full once; rotating stops the old link at once; revoking stops it', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const first = await feedLink(p);
    const token = pathOf(first.url)
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const [row] = await t.app.db.select().from(calendarFeeds).where(eq(calendarFeeds.provider_id, p.id));
    expect(row!.token_hash).toBe(hashFeedToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // Request logs never carry a working link.
    expect(redactUrl(pathOf(first.url))).not.toContain(token);

    const later = await feedLink(p);
    expect(later.masked).toBe(true);
    expect(later.url).not.toContain(token);
    expect(later.url).toContain(token.slice(-4));

    const never = await t.app.inject({ url: `/api/calendar/${'A'.repeat(43)}.ics` });
    expect(never.statusCode).toBe(404);

    const rotated = await t.app.inject({
      method: 'POST',
      url: `/provider/calendar-feed/${p.id}/rotate/`,
      headers: p.auth,
      payload: { providerRegion: 'uk' },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().masked).toBe(false);
    expect(rotated.json().url).not.toBe(first.url);
    const old = await t.app.inject({ url: pathOf(first.url) });
    expect(old.statusCode).toBe(404);
    // The same answer as a link that never existed: nothing tells a guesser that a token was ever real.
    expect(old.json()).toEqual(never.json());
    expect((await t.app.inject({ url: pathOf(rotated.json().url) })).statusCode).toBe(200);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/provider/calendar-feed/${p.id}/?providerRegion=uk`, headers: p.auth });
    expect(revoked.json()).toEqual({ deleted: true });
    const gone = await t.app.inject({ url: pathOf(rotated.json().url) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(never.json());
    for (const bad of ['x.ics', `${token}.txt`, `${token}`, `${token}x.ics`]) {
      const res = await t.app.inject({ url: `/api/calendar/${bad}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual(never.json());
    }
  });
});

describe('guessing links', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ seed: false, env: { RATE_LIMIT_SCALE: '0.05' } });
  }, 120_000);
  afterAll(async () => strict?.close());

  it('is rate-limited per link and per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await strict.app.inject({ url: `/api/calendar/${'B'.repeat(43)}.ics` })).statusCode);
    // 30 a minute per link at scale 0.05 is 2.
    expect(statuses).toEqual([404, 404, 429, 429]);
    const perAddress: number[] = [];
    for (let i = 0; i < 40; i++)
      perAddress.push((await strict.app.inject({ url: `/api/calendar/${String(i).padStart(43, 'C')}.ics` })).statusCode);
    // 600 a minute per address at scale 0.05 is 30.
    expect(perAddress.filter((s) => s === 404)).toHaveLength(30 - 4);
    expect(perAddress.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });
});
