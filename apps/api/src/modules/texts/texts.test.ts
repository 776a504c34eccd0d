/**
 * Text messages: the Twilio adapter against a local fake of its Messages API, the reminder text beside the e-mail for
 * patients who opted in (exactly once, time and clinic only), STOP replies with Twilio's signature, the dev outbox.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReminders, bookings } from '../../db/schema/booking';
import { patients } from '../../db/schema/identity';
import { textOutbox } from '../../db/schema/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  auth,
  freeSlot,
  newPatient,
  payWithCard,
  paymentStatus,
  startCardCheckout,
  verifiedAttempt,
} from '../booking/booking.test-helpers';
import { enqueueText, isStartReply, isStopReply } from './texts.service';
import { twilioSignature, twilioTransport } from './texts.transport';

interface FakeRequest {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** A local stand-in for api.twilio.com: records each Messages call, answers 201 with a sid (or 400 when told to). */
function fakeTwilio() {
  const received: FakeRequest[] = [];
  let failNext = false;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, form: Object.fromEntries(new URLSearchParams(body)) });
      res.setHeader('content-type', 'application/json');
      if (failNext) {
        failNext = false;
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number." }));
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${received.length.toString().padStart(32, '0')}`, status: 'queued' }));
    });
  });
  return {
    received,
    failOnce: () => (failNext = true),
    listen: () =>
      new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'test-auth-token-0123456789';
const PUBLIC = 'https://careslot.test';

let fake: ReturnType<typeof fakeTwilio>;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  fake = fakeTwilio();
  const url = await fake.listen();
  t = await createTestApp({
    env: { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15005550006', TWILIO_API_URL: url, PUBLIC_URL: PUBLIC },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function optedInBooking(phone: string) {
  const slot = await freeSlot(t.app, 'uk', n++);
  const patient = await newPatient(t.app);
  await t.app.db.update(patients).set({ phone_number: phone, sms_opt_in: true }).where(eq(patients.id, patient.id));
  await verifiedAttempt(t.app, patient, slot);
  const { sessionId } = (await startCardCheckout(t.app, patient, slot)).json();
  expect((await payWithCard(t.app, sessionId)).statusCode).toBe(200);
  expect(await paymentStatus(t.app, patient, sessionId)).toBe('COMPLETED');
  const [b] = await t.app.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.slot_id, slot.slotId), eq(bookings.status, 'Booked')));
  await t.app.db
    .update(bookingReminders)
    .set({ due_at: sql`now() - interval '1 second'` })
    .where(eq(bookingReminders.booking_id, b!.id));
  return { patient, bookingId: b!.id };
}

const textsTo = (phone: string) => fake.received.filter((r) => r.form.To === phone);

describe('Twilio adapter', () => {
  it('posts To, From and Body to the Messages API with basic auth and answers the sid', async () => {
    const before = fake.received.length;
    const transport = twilioTransport({ accountSid: SID, authToken: TOKEN, from: '+15005550006', apiUrl: t.config.TWILIO_API_URL });
    const { id } = await transport.send({ to: '+447700900001', body: 'Hello' });
    const req = fake.received[before]!;
    expect(req.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(req.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(req.form).toEqual({ To: '+447700900001', From: '+15005550006', Body: 'Hello' });
    expect(id).toMatch(/^SM/);
  });

  it('uses MessagingServiceSid for a messaging service, and a refusal is an error naming Twilio’s reason', async () => {
    const transport = twilioTransport({ accountSid: SID, authToken: TOKEN, from: 'MG123', apiUrl: t.config.TWILIO_API_URL });
    await transport.send({ to: '+447700900002', body: 'x' });
    expect(fake.received.at(-1)!.form.MessagingServiceSid).toBe('MG123');
    fake.failOnce();
    await expect(transport.send({ to: 'nope', body: 'x' })).rejects.toThrow(/400 \(21211\).*not a valid phone number/);
  });
});

describe('reminder texts', () => {
  it('go beside the e-mail to a patient who opted in, exactly once, with the time and clinic but not the visit', async () => {
    const phone = '+447700900101';
    const { bookingId } = await optedInBooking(phone);
    await t.app.booking.sendDueReminders();
    await t.app.booking.sendDueReminders();
    await t.app.texts.drain();
    const sent = textsTo(phone);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.form.Body!;
    expect(body).toMatch(/^CareSlot reminder: your appointment is on .+ at \d{1,2}:\d{2} (AM|PM) \(Europe\/London\), .+\. Reply STOP/);
    expect(body).not.toMatch(/back pain|Dr /i);
    const [row] = await t.app.db.select().from(textOutbox).where(eq(textOutbox.to, phone));
    expect(row).toMatchObject({ status: 'sent', transport: 'twilio' });
    expect(row!.provider_id).toMatch(/^SM/);
    const reminders = await t.app.db.select().from(bookingReminders).where(eq(bookingReminders.booking_id, bookingId));
    expect(reminders.every((r) => r.sent_at)).toBe(true);
  });

  it('are not sent to a patient who did not opt in', async () => {
    const phone = '+447700900102';
    const { patient } = await optedInBooking(phone);
    await t.app.db.update(patients).set({ sms_opt_in: false }).where(eq(patients.id, patient.id));
    await t.app.db.execute(
      sql`update booking_reminders set sent_at = null where booking_id in (select id from bookings where patient_id = ${patient.id})`,
    );
    await t.app.booking.sendDueReminders();
    await t.app.texts.drain();
    expect(textsTo(phone)).toHaveLength(0);
  });

  it('a refused text is retried later, not lost', async () => {
    await enqueueText(t.app.db, { to: '+447700900103', body: 'retry me' });
    fake.failOnce();
    await t.app.texts.drain();
    const [row] = await t.app.db.select().from(textOutbox).where(eq(textOutbox.to, '+447700900103'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/21211/);
  });
});

describe('profile opt-in and STOP', () => {
  it('the profile carries the flag; PATCH sets it; a new number is not opted in by the old consent', async () => {
    const p = await newPatient(t.app);
    const base = { first_name: 'Test', last_name: 'Patient', phone_number: '07911 123456', date_of_birth: '1990-01-01' };
    let res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user-details/${p.id}/`,
      headers: auth(p),
      payload: { ...base, sms_opt_in: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sms_opt_in: true, phone_number: '+447911123456' });
    res = await t.app.inject({ method: 'PATCH', url: `/api/user-details/${p.id}/`, headers: auth(p), payload: base });
    expect(res.json().sms_opt_in).toBe(true);
    res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user-details/${p.id}/`,
      headers: auth(p),
      payload: { ...base, phone_number: '07911 123457' },
    });
    expect(res.json().sms_opt_in).toBe(false);
    res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user-details/${p.id}/`,
      headers: auth(p),
      payload: { ...base, sms_opt_in: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });

  const inbound = (form: Record<string, string>, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/texts/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}) },
      payload: new URLSearchParams(form).toString(),
    });

  it('STOP signed by Twilio opts the number out; unsigned or wrongly signed requests are refused', async () => {
    const p = await newPatient(t.app);
    await t.app.db.update(patients).set({ phone_number: '+447700900301', sms_opt_in: true }).where(eq(patients.id, p.id));
    const form = { From: '+447700900301', To: '+15005550006', Body: ' Stop ', MessageSid: 'SM1', AccountSid: SID };
    expect((await inbound(form)).statusCode).toBe(403);
    expect((await inbound(form, twilioSignature('wrong-token', `${PUBLIC}/api/texts/inbound`, form))).statusCode).toBe(403);
    const optedIn = async () => (await t.app.db.select().from(patients).where(eq(patients.id, p.id)))[0]!.sms_opt_in;
    expect(await optedIn()).toBe(true);
    const res = await inbound(form, twilioSignature(TOKEN, `${PUBLIC}/api/texts/inbound`, form));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/xml/);
    expect(res.body).toMatch(/<Response><Message>CareSlot: you will get no more texts/);
    expect(await optedIn()).toBe(false);

    // START from the same number turns texts back on; from an unknown number it changes nothing and says nothing.
    const start = { ...form, Body: 'start', MessageSid: 'SM2' };
    const back = await inbound(start, twilioSignature(TOKEN, `${PUBLIC}/api/texts/inbound`, start));
    expect(back.statusCode, back.body).toBe(200);
    expect(back.body).toMatch(/<Message>CareSlot: appointment reminders by text are back on\. Reply STOP to stop them\.<\/Message>/);
    expect(await optedIn()).toBe(true);
    const stranger = { ...start, From: '+447700900399' };
    const quiet = await inbound(stranger, twilioSignature(TOKEN, `${PUBLIC}/api/texts/inbound`, stranger));
    expect(quiet.body).toMatch(/<Response><\/Response>/);
    // START without a valid signature is refused like STOP.
    await t.app.db.update(patients).set({ sms_opt_in: false }).where(eq(patients.id, p.id));
    expect((await inbound(start)).statusCode).toBe(403);
    expect(await optedIn()).toBe(false);
  });

  it('a signed-in caller (patient or provider) gets no way around the signature', async () => {
    const p = await newPatient(t.app);
    const providerToken = await t.app.tokens.signAccess({ id: p.id, type: 'provider' });
    for (const authorization of [`Bearer ${p.token}`, `Bearer ${providerToken}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/texts/inbound',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
        payload: 'From=%2B447700900303&Body=STOP',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This request is not signed by our text message provider.');
    }
    // With a provider configured there is no dev outbox to read.
    expect((await t.app.inject({ url: '/dev/texts/messages' })).statusCode).toBe(404);
  });

  it('other replies change nothing; a missing From is a 400 with a sentence', async () => {
    const form = { From: '+447700900302', Body: 'Thanks!' };
    const res = await inbound(form, twilioSignature(TOKEN, `${PUBLIC}/api/texts/inbound`, form));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<Response><\/Response>/);
    const bad = { Body: 'STOP' };
    const refused = await inbound(bad, twilioSignature(TOKEN, `${PUBLIC}/api/texts/inbound`, bad));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/From is required/);
  });

  it('knows the standard opt-out words', () => {
    expect(['STOP', 'stop', 'Unsubscribe', 'STOP ALL', 'quit.'].every(isStopReply)).toBe(true);
    expect(['stop please', 'yes', ''].some(isStopReply)).toBe(false);
    expect(['START', ' start ', 'Unstop', 'yes!'].every(isStartReply)).toBe(true);
    expect(['start me up', 'stop', 'no', ''].some(isStartReply)).toBe(false);
  });
});

describe('dev outbox (no provider configured)', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ seed: false });
  }, 120_000);
  afterAll(async () => dev?.close());

  it('keeps texts readable at /dev/texts, and STOP needs no signature there', async () => {
    await enqueueText(dev.app.db, { to: '+447700900401', body: 'CareSlot reminder: test' });
    await dev.app.texts.drain();
    const list = await dev.app.inject({ url: '/dev/texts/messages?to=%2B447700900401' });
    expect(list.json()).toEqual([expect.objectContaining({ to: '+447700900401', body: 'CareSlot reminder: test', status: 'sent' })]);
    const page = await dev.app.inject({ url: '/dev/texts' });
    expect(page.body).toContain('CareSlot reminder: test');
    const res = await dev.app.inject({
      method: 'POST',
      url: '/api/texts/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B447700900401&Body=STOP',
    });
    expect(res.statusCode).toBe(200);
  });
});
