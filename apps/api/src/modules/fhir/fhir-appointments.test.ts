/**
 * The FHIR scheduling operations over the web's own booking steps (docs/fhir.md): $find, $hold, $book (pending until
 * paid on the web checkout), $cancel, Appointment read/search for its patient and provider. Every answer validated R4.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Appointment, Bundle, OperationOutcome, Parameters } from '@medplum/fhirtypes';
import { bookingMessages } from '@careslot/contracts/booking';
import {
  auth,
  newPatient,
  payWithCard,
  paymentStatus,
  startCardCheckout,
  useBookingApp,
  verifiedAttempt,
  type SlotPick,
  type TestPatient,
} from '../booking/booking.test-helpers';
import { mailTo } from '../../test/test-app';
import { entriesOf, fhirGet, fhirPost } from './fhir.test-helpers';
import { PAYMENT_LINK } from './fhir.types';

const t = useBookingApp({ seed: { providersPerRegion: 6, days: 5 } });
const B = '/fhir/R4';

function proposal(slotId: number | string): Parameters {
  return {
    resourceType: 'Parameters',
    parameter: [
      {
        name: 'appointment',
        resource: {
          resourceType: 'Appointment',
          status: 'proposed',
          slot: [{ reference: `Slot/${slotId}` }],
          participant: [{ status: 'needs-action' }],
        },
      },
    ],
  };
}

async function freeFhirSlot(): Promise<{ slotId: string; pick: SlotPick }> {
  const pick = await t.nextSlot();
  return { slotId: String(pick.slotId), pick };
}

async function mailSubjects(to: string): Promise<string[]> {
  return (await mailTo(t.app, to)).map((m) => m.subject);
}

const hold = (p: TestPatient, slotId: string) => fhirPost<Appointment>(t.app, `${B}/Appointment/$hold`, proposal(slotId), auth(p));
const book = (p: TestPatient, slotId: string, extra: Parameters['parameter'] = []) =>
  fhirPost<Appointment>(
    t.app,
    `${B}/Appointment/$book`,
    { ...proposal(slotId), parameter: [...proposal(slotId).parameter!, ...extra] },
    auth(p),
  );

describe('$find', () => {
  it('proposes free slots near a postcode as Appointments naming their Slot, Location and PractitionerRole', async () => {
    const [h] = (
      (await t.app.db.execute(
        sql`select h.postcode from hospitals h join availability_slots s on s.hospital_id = h.id join providers p on p.id = s.provider_id
          where h.region = 'uk' and p.verification_status = 'Verified' and p.bookable and s.starts_at > now() limit 1`,
      )) as unknown as { rows: { postcode: string }[] }
    ).rows;
    const r = await fhirPost<Bundle>(t.app, `${B}/Appointment/$find`, {
      resourceType: 'Parameters',
      parameter: [
        { name: 'location-string', valueString: h!.postcode },
        { name: '_count', valueInteger: 5 },
      ],
    });
    expect(r.status).toBe(200);
    const found = entriesOf<Appointment>(r.body);
    expect(found.length).toBeGreaterThan(0);
    for (const a of found) {
      expect(a.status).toBe('proposed');
      expect(a.slot![0]!.reference).toMatch(/^Slot\/\d+$/);
      expect(a.participant.map((p) => p.actor!.reference!.split('/')[0])).toEqual(['PractitionerRole', 'Location']);
    }
  });

  it('refuses an unknown place, a bad date and an unknown parameter with a 400 OperationOutcome', async () => {
    const bad: [Parameters['parameter'], RegExp][] = [
      [[{ name: 'location-string', valueString: 'ZZ99 9ZZ' }], /location-string/],
      [[{ name: 'start', valueDateTime: 'soon' }], /not a FHIR date/],
      [[{ name: 'colour', valueString: 'blue' }], /does not take the parameter "colour"/],
      [[{ name: 'practitioner', valueReference: { reference: 'Patient/1' } }], /practitioner/],
    ];
    for (const [parameter, why] of bad) {
      const r = await fhirPost<OperationOutcome>(t.app, `${B}/Appointment/$find`, { resourceType: 'Parameters', parameter });
      expect(r.status).toBe(400);
      expect(r.body.issue[0]!.diagnostics).toMatch(why);
    }
    const notParams = await fhirPost<OperationOutcome>(t.app, `${B}/Appointment/$find`, { resourceType: 'Patient' });
    expect(notParams.status).toBe(400);
  });
});

describe('$hold, $book, payment and $cancel', () => {
  it('holds as the web holds, books pending with a link to pay, and reads booked once paid on the web checkout', async () => {
    const p = await newPatient(t.app, 'fhir-payer');
    const { slotId, pick } = await freeFhirSlot();
    const held = await hold(p, slotId);
    expect(held.status).toBe(200);
    expect(held.body.status).toBe('pending');
    const booked = await book(p, slotId);
    expect(booked.body.id).toBe(held.body.id);
    expect(booked.body.status).toBe('pending');
    const link = booked.body.extension!.find((e) => e.url === PAYMENT_LINK)!.valueUrl!;
    expect(link).toContain(`/appointment/${pick.providerId}?`);
    const q = new URL(link).searchParams;
    expect([q.get('date'), q.get('time'), q.get('region')]).toEqual([pick.bookedDate, pick.timeSlot, 'uk']);

    // Paying on the link is the web checkout: code, then card.
    await verifiedAttempt(t.app, p, pick);
    const started = await startCardCheckout(t.app, p, pick);
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = started.json() as { sessionId: string };
    expect((await payWithCard(t.app, sessionId)).statusCode).toBe(200);
    expect(await paymentStatus(t.app, p, sessionId)).toBe('COMPLETED');

    const read = await fhirGet<Appointment>(t.app, `${B}/Appointment/${held.body.id}`, auth(p));
    expect(read.body.status).toBe('booked');
    expect(read.body.extension).toBeUndefined();
    expect((await fhirGet<Appointment>(t.app, `${B}/Slot/${slotId}`)).body).toMatchObject({ status: 'busy' });
    const mine = await fhirGet<Bundle>(t.app, `${B}/Appointment?patient=Patient/${p.id}&status=booked`, auth(p));
    expect(entriesOf(mine.body).map((a) => a.id)).toEqual([held.body.id]);

    // $cancel: the web's policy (more than the cut-off ahead: refunded) and e-mails.
    const cancelled = await fhirPost<Appointment>(
      t.app,
      `${B}/Appointment/${held.body.id}/$cancel`,
      { resourceType: 'Parameters', parameter: [{ name: 'reason', valueString: 'Feeling better' }] },
      auth(p),
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await mailSubjects(p.email)).some((s) => /cancel/i.test(s))).toBe(true);
    const refunds = (await t.app.db.execute(sql`select status from payments where booking_id = ${held.body.id}`)) as unknown as {
      rows: { status: string }[];
    };
    expect(refunds.rows[0]!.status).toMatch(/REFUND/);
    const again = await fhirPost<Appointment>(t.app, `${B}/Appointment/${held.body.id}/$cancel`, undefined, auth(p));
    expect(again.body.status).toBe('cancelled');
  });

  it('a slot held or booked by someone else is a 409 with the web message', async () => {
    const a = await newPatient(t.app, 'fhir-first');
    const b = await newPatient(t.app, 'fhir-second');
    const { slotId } = await freeFhirSlot();
    expect((await hold(a, slotId)).status).toBe(200);
    for (const r of [await hold(b, slotId), await book(b, slotId)]) {
      expect(r.status).toBe(409);
      expect((r.body as unknown as OperationOutcome).issue[0]).toMatchObject({ code: 'conflict', diagnostics: bookingMessages.slotTaken });
    }
  });

  it('six patients booking one slot at once: exactly one wins, the others get 409 with the web message', async () => {
    const patients = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => newPatient(t.app, `fhir-race-${i}`)));
    const { slotId } = await freeFhirSlot();
    const answers = await Promise.all(patients.map((p) => book(p, slotId)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect((a.body as unknown as OperationOutcome).issue[0]!.diagnostics).toBe(bookingMessages.slotTaken);
    const active = (await t.app.db.execute(
      sql`select count(*)::int as n from bookings where slot_id = ${slotId}::bigint and status in ('Held', 'Booked')`,
    )) as unknown as { rows: { n: number }[] };
    expect(active.rows[0]!.n).toBe(1);
  });

  it('a cancel through the web shows as cancelled through FHIR', async () => {
    const p = await newPatient(t.app, 'fhir-webcancel');
    const { slotId } = await freeFhirSlot();
    const held = await hold(p, slotId);
    // The web lets a held slot go when the patient holds another: the FHIR appointment reads cancelled.
    const other = await freeFhirSlot();
    expect((await hold(p, other.slotId)).status).toBe(200);
    expect((await fhirGet<Appointment>(t.app, `${B}/Appointment/${held.body.id}`, auth(p))).body.status).toBe('cancelled');
    // Cancelling the pending one through FHIR lets the slot go at once.
    const second = (await fhirGet<Bundle>(t.app, `${B}/Appointment?status=pending`, auth(p))).body;
    const pendingId = entriesOf(second)[0]!.id!;
    const c = await fhirPost<Appointment>(t.app, `${B}/Appointment/${pendingId}/$cancel`, undefined, auth(p));
    expect(c.body.status).toBe('cancelled');
    expect((await fhirGet(t.app, `${B}/Slot/${other.slotId}`)).body).toMatchObject({ status: 'free' });
  });
});

describe('who may see and change appointments', () => {
  it('anonymous callers get 401, staff 403, other patients 404, and the provider sees their own', async () => {
    const owner = await newPatient(t.app, 'fhir-owner');
    const stranger = await newPatient(t.app, 'fhir-stranger');
    const { slotId, pick } = await freeFhirSlot();
    const held = await hold(owner, slotId);
    const id = held.body.id!;
    expect((await fhirGet<OperationOutcome>(t.app, `${B}/Appointment/${id}`)).status).toBe(401);
    expect((await fhirGet(t.app, `${B}/Appointment`)).status).toBe(401);
    expect((await fhirPost(t.app, `${B}/Appointment/$hold`, proposal(slotId))).status).toBe(401);
    const anon = await fhirPost(t.app, `${B}/Appointment/${id}/$cancel`, undefined);
    expect(anon.status, JSON.stringify(anon.body)).toBe(401);
    expect((await fhirGet(t.app, `${B}/Appointment/${id}`, auth(stranger))).status).toBe(404);
    expect((await fhirPost(t.app, `${B}/Appointment/${id}/$cancel`, undefined, auth(stranger))).status).toBe(404);
    const foreign = await fhirGet<OperationOutcome>(t.app, `${B}/Appointment?patient=Patient/${owner.id}`, auth(stranger));
    expect(foreign.status).toBe(403);
    expect(entriesOf((await fhirGet<Bundle>(t.app, `${B}/Appointment`, auth(stranger))).body)).toEqual([]);

    const staff = await t.app.tokens.signAccess({ id: owner.id, type: 'staff', role: 'superuser' });
    expect((await fhirGet(t.app, `${B}/Appointment/${id}`, { authorization: `Bearer ${staff}` })).status).toBe(403);
    const provider = await t.app.tokens.signAccess({ id: pick.providerId, type: 'provider' });
    const seen = await fhirGet<Appointment>(t.app, `${B}/Appointment/${id}`, { authorization: `Bearer ${provider}` });
    expect(seen.status).toBe(200);
    expect(seen.body.participant[0]!.actor!.reference).toBe(`Patient/${owner.id}`);
    expect((await fhirPost(t.app, `${B}/Appointment/$book`, proposal(slotId), { authorization: `Bearer ${provider}` })).status).toBe(403);
    const otherProvider = await t.app.tokens.signAccess({ id: '00000000-0000-4000-8000-000000000000', type: 'provider' });
    expect((await fhirGet(t.app, `${B}/Appointment/${id}`, { authorization: `Bearer ${otherProvider}` })).status).toBe(404);
  });

  it('refuses a $book without an appointment, with two slots, or with a foreign cancelled-appt-id', async () => {
    const p = await newPatient(t.app, 'fhir-badbook');
    const empty = await fhirPost<OperationOutcome>(t.app, `${B}/Appointment/$book`, { resourceType: 'Parameters' }, auth(p));
    expect(empty.status).toBe(400);
    const two = proposal(1);
    (two.parameter![0]!.resource as Appointment).slot!.push({ reference: 'Slot/2' });
    expect((await fhirPost(t.app, `${B}/Appointment/$book`, two, auth(p))).status).toBe(400);
    const { slotId } = await freeFhirSlot();
    const moved = await book(p, slotId, [{ name: 'cancelled-appt-id', valueUri: 'Appointment/00000000-0000-4000-8000-000000000000' }]);
    expect(moved.status).toBe(404);
    expect((await fhirPost(t.app, `${B}/Appointment/$hold`, proposal('999999999'), auth(p))).status).toBe(404);
  });

  it('limits holds and bookings per caller with a 429 OperationOutcome', async () => {
    const p = await newPatient(t.app, 'fhir-spammer');
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await fhirPost(t.app, `${B}/Appointment/$hold`, proposal('999999999'), auth(p))).status;
    expect(last).toBe(429);
  });
});
