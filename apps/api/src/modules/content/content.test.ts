import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/content';
import { mailOutbox } from '../../db/schema/mail';
import { createTestApp, mailTo, type TestApp } from '../../test/test-app';

const valid = {
  first_name: 'Priya',
  last_name: 'Shah',
  email: 'Priya.Shah@Example.com',
  message: 'Can I book an appointment for my mother on her behalf?',
};

let ipCounter = 0;
/** Each call from its own address unless one is given, so the per-IP limit only bites where a test wants it. */
function post(t: TestApp, payload: unknown, remoteAddress = `10.0.0.${++ipCounter}`) {
  return t.app.inject({ method: 'POST', url: '/api/contact-us/', payload: payload as object, remoteAddress });
}

describe('GET /api/homepage-settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns the seeded image, colour and modal', async () => {
    const res = await t.app.inject({ url: '/api/homepage-settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      image_url: '/images/home-hero.svg',
      color: '#ffffff',
      show_modal: false,
      modal_heading: 'Book with confidence',
    });
  });
});

describe('GET /api/homepage-settings without settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('answers 404 with a message instead of failing', async () => {
    const res = await t.app.inject({ url: '/api/homepage-settings' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Homepage settings are not set up yet.');
  });
});

describe('POST /api/contact-us/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('stores the message, answers 201 and e-mails an acknowledgement to the sender', async () => {
    const res = await post(t, valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.message).toMatch(/received your message/);

    const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, body.id));
    expect(row).toMatchObject({ first_name: 'Priya', last_name: 'Shah', email: 'priya.shah@example.com', message: valid.message });

    const mail = await mailTo(t.app, 'priya.shah@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('We have received your message | CareSlot');
    expect(mail[0]!.text).toContain('Dear Priya,');
    // The free text is not echoed back (the form is open to anyone).
    expect(mail[0]!.text).not.toContain(valid.message);
  });

  it('trims the fields before storing them', async () => {
    const res = await post(t, {
      first_name: '  Tom ',
      last_name: ' Lee  ',
      email: ' tom@example.com ',
      message: '   Where do I find my receipt?  ',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ first_name: 'Tom', last_name: 'Lee', email: 'tom@example.com', message: 'Where do I find my receipt?' });
  });

  it('never puts markup from the name into the HTML acknowledgement', async () => {
    const res = await post(t, { ...valid, first_name: '<b>Eve</b>', email: 'eve@example.com' });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailTo(t.app, 'eve@example.com');
    // Not a name: not repeated at all (see greetingName).
    expect(mail!.html).toContain('Dear customer,');
    expect(mail!.html).not.toContain('<b>Eve</b>');
  });

  it.each([
    [{ ...valid, first_name: '   ' }, 'first_name', 'Please enter your first name.'],
    [{ ...valid, last_name: '' }, 'last_name', 'Please enter your last name.'],
    [{ ...valid, email: 'not-an-email' }, 'email', 'Please enter a valid e-mail address, like name@example.com.'],
    [{ ...valid, message: 'Hi' }, 'message', 'Please tell us a little more (at least 10 characters).'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message', 'Your message can be at most 5000 characters.'],
    [{ ...valid, first_name: 'x'.repeat(101) }, 'first_name', 'Your first name can be at most 100 characters.'],
    [{ first_name: 'A', last_name: 'B', message: 'A long enough message' }, 'email', 'Please enter your e-mail address.'],
  ])('rejects bad input with 400 and a field message (%#)', async (payload, field, message) => {
    const before = await t.app.db.$count(contactMessages);
    const res = await post(t, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(res.json().message).toContain(message);
    expect(await t.app.db.$count(contactMessages)).toBe(before);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact-us/',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name":',
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('limits messages per IP address with 429', async () => {
    const ip = '10.1.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(t, { ...valid, email: `ip${i}@example.com` }, ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const blocked = await post(t, { ...valid, email: 'ip-late@example.com' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/wait a few minutes/);
    expect(await mailTo(t.app, 'ip-late@example.com')).toHaveLength(0);
    // Another address is not affected.
    expect((await post(t, { ...valid, email: 'other-ip@example.com' }, '10.1.1.2')).statusCode).toBe(201);
  });

  it('limits acknowledgements per recipient with 429, whatever the IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(t, { ...valid, email: 'Target@Example.com' })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(await mailTo(t.app, 'target@example.com')).toHaveLength(3);
  });

  it('rolls back the message when the transaction fails after the mail was queued', async () => {
    const { submitContactMessage } = await import('./content.service');
    const before = await t.app.db.$count(contactMessages);
    const outboxBefore = await t.app.db.$count(mailOutbox);
    const broken = {
      transaction: (fn: (tx: unknown) => Promise<unknown>) =>
        t.app.db.transaction(async (tx) => {
          await fn(tx);
          throw new Error('disk full');
        }),
    } as unknown as typeof t.app.db;
    await expect(submitContactMessage(broken, { ...valid, email: 'atomic@example.com' })).rejects.toThrow('disk full');
    expect(await t.app.db.$count(contactMessages)).toBe(before);
    expect(await t.app.db.$count(mailOutbox)).toBe(outboxBefore);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/contact-us/'].post;
    expect(op.summary).toBe('Send a message to the CareSlot team');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toEqual([
      'first_name',
      'last_name',
      'email',
      'message',
    ]);
  });
});
