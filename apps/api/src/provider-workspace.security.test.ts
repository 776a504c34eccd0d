/**
 * Role × endpoint: every provider workspace call answers the signed-in provider for their own id and region only.
 * Visitors get 401; patients, every staff role, another provider and the wrong region get 403, and nothing changes.
 * The list of calls is checked against the OpenAPI document, so a new /provider/ route without a row here fails.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { InjectOptions } from 'fastify';
import { availabilitySlots } from './db/schema/booking';
import { STAFF_ROLES } from './db/schema/identity';
import { createTestApp, type TestApp } from './test/test-app';
import {
  bookSlot,
  dayIn,
  newPatientRow,
  newProvider,
  openSlotsOf,
  type TestProvider,
} from './modules/availability/availability.test-helpers';

let t: TestApp;
let calendarServer: http.Server;
let me: TestProvider;
let other: TestProvider;
const ids: Record<string, string> = {};

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The OpenAPI path it exercises. */
  route: string;
  /** The request for a provider id and region. */
  request(providerId: string, region: string): InjectOptions;
  ok: number;
}

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#88aa33' } })
    .png()
    .toBuffer();
let image: Buffer;
function multipart(data: Buffer) {
  const boundary = '----careslot-roles';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const weekly = (region: string, over: Record<string, unknown> = {}) => ({
  providerRegion: region,
  hospital_id: me.clinics[0]!.id,
  weekdays: [3],
  blocks: [{ start_time: '15:00', end_time: '16:00' }],
  from_date: dayIn('Europe/London', 1),
  until_date: dayIn('Europe/London', 20),
  ...over,
});

const calls: Call[] = [
  {
    method: 'GET',
    route: '/provider/availability-rules/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/availability-rules/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'POST',
    route: '/provider/availability-rules/{providerId}/',
    ok: 201,
    request: (p, r) => ({ url: `/provider/availability-rules/${p}/`, payload: weekly(r, { weekdays: [5] }) }),
  },
  {
    method: 'PATCH',
    route: '/provider/availability-rules/{providerId}/{ruleId}/',
    ok: 200,
    request: (p, r) => ({
      url: `/provider/availability-rules/${p}/${ids.ruleToEdit}/`,
      payload: { providerRegion: r, blocks: [{ start_time: '16:00', end_time: '17:00' }] },
    }),
  },
  {
    method: 'DELETE',
    route: '/provider/availability-rules/{providerId}/{ruleId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/availability-rules/${p}/${ids.ruleToDelete}/?providerRegion=${r}` }),
  },
  {
    method: 'POST',
    route: '/provider/availability/{providerId}/',
    ok: 201,
    request: (p, r) => ({
      url: `/provider/availability/${p}/`,
      payload: {
        providerRegion: r,
        hospital_id: me.clinics[0]!.id,
        date: dayIn('Europe/London', 40),
        start_time: '07:00',
        end_time: '08:00',
      },
    }),
  },
  {
    method: 'GET',
    route: '/provider/availability/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/availability/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'DELETE',
    route: '/provider/availability/{providerId}/{slotId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/availability/${p}/${ids.slotToWithdraw}/?providerRegion=${r}` }),
  },
  {
    method: 'POST',
    route: '/provider/availability-preview/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/availability-preview/${p}/`, payload: { ...weekly(r, { weekdays: [6] }), kind: 'weekly' } }),
  },
  {
    method: 'GET',
    route: '/provider/availability-settings/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/availability-settings/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'PATCH',
    route: '/provider/availability-settings/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/availability-settings/${p}/`, payload: { providerRegion: r, min_notice_minutes: 60 } }),
  },
  {
    method: 'GET',
    route: '/provider/provider-booked-appointment-history/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/provider-booked-appointment-history/${p}/?ProviderRegion=${r}` }),
  },
  {
    method: 'PATCH',
    route: '/provider/provider-booked-appointment-history/{providerId}/{appointmentId}/',
    ok: 200,
    request: (p, r) => ({
      url: `/provider/provider-booked-appointment-history/${p}/${ids.startedBooking}/`,
      payload: { providerRegion: r, status: 'No Show' },
    }),
  },
  {
    method: 'PUT',
    route: '/user/user-or-provider-appointment-cancellation/{userId}/{providerId}/',
    ok: 200,
    request: (p, r) => ({
      url: `/user/user-or-provider-appointment-cancellation/${ids.patient}/${p}/`,
      payload: {
        providerRegion: r,
        date: ids.cancelDate,
        start_time: ids.cancelTime,
        cancelling_person: 'provider',
        cancellation_reason: 'Unwell',
      },
    }),
  },
  {
    method: 'GET',
    route: '/provider/provider-bank-details/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/provider-bank-details/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'POST',
    route: '/provider/provider-bank-details/{providerId}/',
    ok: 201,
    request: (p, r) => ({
      url: `/provider/provider-bank-details/${p}/`,
      payload: { providerRegion: r, name: 'Dr Me', sort_code: '118765', account_number: '64371389' },
    }),
  },
  {
    method: 'PATCH',
    route: '/provider/provider-bank-details/{providerId}/',
    ok: 200,
    request: (p, r) => ({
      url: `/provider/provider-bank-details/${p}/`,
      payload: { providerRegion: r, unique_id: ids.bankToEdit, name: 'Dr Renamed' },
    }),
  },
  {
    method: 'DELETE',
    route: '/provider/provider-bank-details/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/provider-bank-details/${p}/?providerRegion=${r}`, payload: { unique_id: ids.bankToDelete } }),
  },
  {
    method: 'GET',
    route: '/provider/profile/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/profile/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'PATCH',
    route: '/provider/profile/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/profile/${p}/`, payload: { providerRegion: r, bio: 'Updated.' } }),
  },
  {
    method: 'POST',
    route: '/provider/profile/{providerId}/photo/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/profile/${p}/photo/?providerRegion=${r}`, ...multipart(image) }),
  },
  {
    method: 'POST',
    route: '/provider/profile/{providerId}/clinics/',
    ok: 201,
    request: (p, r) => ({
      url: `/provider/profile/${p}/clinics/`,
      payload: { providerRegion: r, name: 'Role Test Clinic', address: '1 Test Street', city: 'London', postcode: 'E14 4QJ' },
    }),
  },
  {
    method: 'DELETE',
    route: '/provider/profile/{providerId}/clinics/{hospitalId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/profile/${p}/clinics/${me.clinics[1]!.id}/?providerRegion=${r}` }),
  },
  {
    method: 'GET',
    route: '/provider/calendar-feed/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/calendar-feed/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'PATCH',
    route: '/provider/calendar-feed/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/calendar-feed/${p}/`, payload: { providerRegion: r, show_concern: true } }),
  },
  {
    method: 'POST',
    route: '/provider/calendar-feed/{providerId}/rotate/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/calendar-feed/${p}/rotate/`, payload: { providerRegion: r } }),
  },
  {
    method: 'DELETE',
    route: '/provider/calendar-feed/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/calendar-feed/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'GET',
    route: '/provider/calendars/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/calendars/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'POST',
    route: '/provider/calendars/{providerId}/',
    ok: 201,
    request: (p, r) => ({
      url: `/provider/calendars/${p}/`,
      payload: { providerRegion: r, name: 'Roles', kind: 'ics', url: `${ids.calendarBase}/roles.ics` },
    }),
  },
  {
    method: 'POST',
    route: '/provider/calendars/{providerId}/{calendarId}/sync/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/calendars/${p}/${ids.calendarToSync}/sync/`, payload: { providerRegion: r } }),
  },
  {
    method: 'DELETE',
    route: '/provider/calendars/{providerId}/{calendarId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/calendars/${p}/${ids.calendarToDelete}/?providerRegion=${r}` }),
  },
  {
    method: 'GET',
    route: '/provider/dashboard/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/dashboard/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'GET',
    route: '/provider/earnings/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/earnings/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'GET',
    route: '/provider/earnings/{providerId}/csv/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/earnings/${p}/csv/?providerRegion=${r}` }),
  },
  {
    method: 'GET',
    route: '/provider/payouts/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/payouts/${p}/?providerRegion=${r}` }),
  },
  {
    method: 'PUT',
    route: '/provider/payout-settings/{providerId}/',
    ok: 200,
    request: (p, r) => ({ url: `/provider/payout-settings/${p}/`, payload: { providerRegion: r, schedule: 'monthly' } }),
  },
];

beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 2, days: 2 }, env: { RATE_LIMIT_SCALE: '100' } });
  image = await png();
  me = await newProvider(t.app, { clinics: 2 });
  other = await newProvider(t.app, { clinics: 1, skipClinics: 3 });
  const as = (p: TestProvider, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...p.auth, ...(options.headers as object) } });
  const rule = async (weekdays: number[]) =>
    (await as(me, { method: 'POST', url: `/provider/availability-rules/${me.id}/`, payload: weekly('uk', { weekdays }) })).json().rule
      .id as string;
  ids.ruleToEdit = await rule([1]);
  ids.ruleToDelete = await rule([2]);
  const kept = await rule([4]);
  const slots = (await openSlotsOf(t.app, me.id)).filter((s) => s.rule_id === kept);
  ids.slotToWithdraw = String(slots[0]!.id);
  const patient = await newPatientRow(t.app);
  ids.patient = patient.id;
  await bookSlot(t.app, slots[1]!, { patientId: patient.id });
  const local = DateTime.fromJSDate(slots[1]!.starts_at, { zone: 'Europe/London' });
  ids.cancelDate = local.toFormat('dd/MM/yyyy');
  ids.cancelTime = local.toFormat('h:mm a');
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 15 * 60_000);
  const [started] = await t.app.db
    .insert(availabilitySlots)
    .values({
      provider_id: me.id,
      hospital_id: me.clinics[0]!.id,
      region: 'uk',
      starts_at: at,
      ends_at: new Date(at.getTime() + 30 * 60_000),
    })
    .returning();
  ids.startedBooking = (await bookSlot(t.app, started!, { patientId: patient.id })).id;
  const bank = async (sort_code: string, account_number: string) =>
    (
      await as(me, {
        method: 'POST',
        url: `/provider/provider-bank-details/${me.id}/`,
        payload: { providerRegion: 'uk', name: 'Dr Me', sort_code, account_number },
      })
    ).json().data._id as string;
  ids.bankToEdit = await bank('089999', '66374958');
  ids.bankToDelete = await bank('107999', '88837491');
  // A calendar link served locally (private addresses are allowed outside production).
  calendarServer = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nEND:VCALENDAR\r\n'),
  );
  await new Promise<void>((resolve) => calendarServer.listen(0, '127.0.0.1', resolve));
  ids.calendarBase = `http://127.0.0.1:${(calendarServer.address() as AddressInfo).port}`;
  const calendar = async (name: string) =>
    (
      await as(me, {
        method: 'POST',
        url: `/provider/calendars/${me.id}/`,
        payload: { providerRegion: 'uk', name, kind: 'ics', url: `${ids.calendarBase}/${name}.ics` },
      })
    ).json().id as string;
  ids.calendarToSync = await calendar('sync');
  ids.calendarToDelete = await calendar('delete');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (calendarServer ? calendarServer.close(() => resolve()) : resolve()));
});

describe('every provider workspace call, by who is calling', () => {
  it('covers every /provider/ route in the OpenAPI document, and the cancellation call', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/provider/') || path.startsWith('/user/user-or-provider-appointment-cancellation/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(calls.map((c) => `${c.method} ${c.route}`).sort()).toEqual(documented);
  });

  for (const call of calls) {
    it(`${call.method} ${call.route}`, async () => {
      const send = (headers: Record<string, string>, providerId = me.id, region = 'uk') => {
        const req = call.request(providerId, region);
        return t.app.inject({ method: call.method, ...req, headers: { ...(req.headers as object), ...headers } });
      };
      const visitor = await send({});
      expect(visitor.statusCode, `visitor: ${visitor.body}`).toBe(401);
      const patient = await t.app.tokens.signAccess({ id: ids.patient!, type: 'patient' });
      expect((await send({ authorization: `Bearer ${patient}` })).statusCode, 'patient').toBe(403);
      for (const role of STAFF_ROLES) {
        const staff = await t.app.tokens.signAccess({ id: me.id, type: 'staff', role });
        expect((await send({ authorization: `Bearer ${staff}` })).statusCode, `staff ${role}`).toBe(403);
      }
      expect((await send(other.auth)).statusCode, 'another provider').toBe(403);
      expect((await send(me.auth, me.id, 'usa')).statusCode, 'the wrong region').toBe(403);
      const own = await send(me.auth);
      expect(own.statusCode, `the provider themself: ${own.body}`).toBe(call.ok);
    });
  }
});
