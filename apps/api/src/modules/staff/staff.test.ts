import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/content';
import { payments } from '../../db/schema/booking';
import { providerLocations, providers, regulatorRegister } from '../../db/schema/providers';
import { uploadsRoot } from '../../lib/profile-image';
import { bookSlot, newPatientRow, newProvider } from '../availability/availability.test-helpers';
import { createTestApp, mailTo, type TestApp } from '../../test/test-app';
import { STAFF_TEST_PASSWORD, multipartBody, newSlots, newStaff, pngImage, type TestStaff } from './staff.test-helpers';

let t: TestApp;
let boss: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 2, days: 3 }, env: { RATE_LIMIT_SCALE: '1' } });
  boss = await newStaff(t.app, 'superuser');
}, 120_000);
afterAll(async () => t?.close());

const as = (who: TestStaff, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const authed = (mp: ReturnType<typeof multipartBody>) => ({ ...mp, headers: { ...mp.headers, ...boss.auth } });
const lastAudit = async (action: string) =>
  (
    await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
  )[0];
const refreshCookieOf = (res: { cookies: { name: string; value: string; path?: string; httpOnly?: boolean }[] }) =>
  res.cookies.find((c) => c.name === 'staff_refresh_token');

describe('staff sign-in and refresh', () => {
  it('answers the access token in the body and the refresh token only as an httpOnly cookie for /staff/', async () => {
    const s = await newStaff(t.app, 'editor');
    const res = await t.app.inject({
      method: 'POST',
      url: '/staff/admin-login/',
      payload: { email: s.email, password: STAFF_TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'editor', email: s.email });
    expect(res.body).not.toContain('refresh');
    const cookie = refreshCookieOf(res)!;
    expect(cookie).toMatchObject({ path: '/staff/', httpOnly: true });
    const row = await lastAudit('staff.sign_in');
    expect(row).toMatchObject({ actor_id: s.id, actor_email: s.email, entity_id: s.id });
    expect(row!.request_id).toBeTruthy();

    const home = await t.app.inject({ url: '/staff/admin-home/', headers: { authorization: `Bearer ${res.json().access}` } });
    expect(home.statusCode).toBe(200);

    const refreshed = await t.app.inject({ method: 'POST', url: '/staff/token/refresh/', cookies: { staff_refresh_token: cookie.value } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().access).toBeTruthy();
    const next = refreshCookieOf(refreshed)!.value;
    expect(next).not.toBe(cookie.value);
    // The old token again at once, before the new one was used: the answer was lost (a navigation, another tab), so it
    // gets a token of the same sign-in rather than ending it.
    const lostAnswer = await t.app.inject({ method: 'POST', url: '/staff/token/refresh/', cookies: { staff_refresh_token: cookie.value } });
    expect(lostAnswer.statusCode, lostAnswer.body).toBe(200);
    const other = refreshCookieOf(lostAnswer)!.value;
    expect([cookie.value, next]).not.toContain(other);
    // Past the grace, the old token again is a replay: its whole sign-in ends, both live tokens with it.
    await t.app.db.execute(sql`update refresh_tokens set used_at = used_at - interval '31 seconds' where used_at is not null`);
    const replay = await t.app.inject({ method: 'POST', url: '/staff/token/refresh/', cookies: { staff_refresh_token: cookie.value } });
    expect(replay.statusCode).toBe(401);
    for (const live of [next, other]) {
      const afterReplay = await t.app.inject({ method: 'POST', url: '/staff/token/refresh/', cookies: { staff_refresh_token: live } });
      expect(afterReplay.statusCode).toBe(401);
    }
  });

  it("a staff refresh token sent to the patients' refresh is refused there without ending the staff sign-in", async () => {
    const s = await newStaff(t.app, 'author');
    const res = await t.app.inject({
      method: 'POST',
      url: '/staff/admin-login/',
      payload: { email: s.email, password: STAFF_TEST_PASSWORD },
    });
    const cookie = refreshCookieOf(res)!.value;
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: cookie } });
    expect(elsewhere.statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/staff/token/refresh/', cookies: { staff_refresh_token: cookie } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail alike, a refresh without a cookie, and throttles by account', async () => {
    const s = await newStaff(t.app, 'author');
    const wrong = await t.app.inject({ method: 'POST', url: '/staff/admin-login/', payload: { email: s.email, password: 'nope-nope' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/staff/admin-login/',
      payload: { email: 'nobody@staff.example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    const bad = await t.app.inject({ method: 'POST', url: '/staff/admin-login/', payload: { email: 'not-an-email', password: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/staff/token/refresh/', payload: {} })).statusCode).toBe(401);
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await t.app.inject({ method: 'POST', url: '/staff/admin-login/', payload: { email: s.email, password: 'again-wrong' } }))
        .statusCode;
    }
    expect(last).toBe(429);
  });

  it('a patient refresh token is not a staff one, and is not used up by trying', async () => {
    const patientLogin = await t.app.inject({
      method: 'POST',
      url: '/api/user-login',
      payload: { email: 'patient@careslot.test', password: 'CareSlot-demo-patient', user_type: 'patient' },
    });
    expect(patientLogin.statusCode, patientLogin.body).toBe(200);
    const patientRefresh = patientLogin.json().tokens.refresh_token as string;
    const asStaff = await t.app.inject({ method: 'POST', url: '/staff/token/refresh/', cookies: { staff_refresh_token: patientRefresh } });
    expect(asStaff.statusCode).toBe(401);
    const patientAccess = patientLogin.json().tokens.access_token as string;
    expect((await t.app.inject({ url: '/staff/admin-home/', headers: { authorization: `Bearer ${patientAccess}` } })).statusCode).toBe(403);
    const stillPatient = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: patientRefresh } });
    expect(stillPatient.statusCode, stillPatient.body).toBe(200);
  });

  it('logout ends the sign-in', async () => {
    const s = await newStaff(t.app, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/staff/admin-login/',
      payload: { email: s.email, password: STAFF_TEST_PASSWORD },
    });
    const cookie = refreshCookieOf(res)!.value;
    expect((await t.app.inject({ method: 'POST', url: '/staff/logout/', cookies: { staff_refresh_token: cookie } })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/staff/token/refresh/', cookies: { staff_refresh_token: cookie } })).statusCode,
    ).toBe(401);
  });
});

describe('provider verification', () => {
  it('shows the evidence, verifies (search rows appear, e-mail, audit) and unverifies (rows go, bookings stay)', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await t.app.db.update(providers).set({ verification_status: 'Unverified' }).where(eq(providers.id, p.id));
    const [row] = await t.app.db.select().from(providers).where(eq(providers.id, p.id));
    await t.app.db.insert(regulatorRegister).values({
      regulator: row!.regulator,
      registration_number: row!.membership_number,
      name: `  ${row!.first_name.toUpperCase()}   ${row!.last_name} `,
    });
    const list = await as(boss, 'GET', `/staff/providers/?search=${encodeURIComponent(row!.last_name)}&region=uk&regulator=gmc`);
    expect(list.json().providers.map((x: { id: string }) => x.id)).toEqual([p.id]);
    const checkedAt = new Date('2026-11-20T09:30:00Z');
    await t.app.db
      .update(providers)
      .set({
        verification_reason: 'We could not check the GMC register just now.',
        verification_checked_at: checkedAt,
        register_evidence: { source: 'gmc-service', outcome: 'unavailable' },
      })
      .where(eq(providers.id, p.id));
    const evidence = (await as(boss, 'GET', `/staff/providers/${p.id}/`)).json();
    expect(evidence).toMatchObject({
      number_matches: true,
      name_matches: true,
      register_unavailable: false,
      verification_status: 'Unverified',
      last_check: { reason: 'We could not check the GMC register just now.', checked_at: checkedAt.toISOString(), source: 'gmc-service' },
    });
    expect(evidence.register_url).toContain(row!.membership_number);

    // A register that cannot be asked is said so, and is no mismatch to act on.
    const gmc = t.app.registers.gmc;
    const lookup = gmc.lookup;
    gmc.lookup = async () => {
      throw new Error('register down');
    };
    try {
      const down = (await as(boss, 'GET', `/staff/providers/${p.id}/`)).json();
      expect(down).toMatchObject({ register: null, register_unavailable: true, name_matches: false });
    } finally {
      gmc.lookup = lookup;
    }

    const slot = (await newSlots(t.app, p, 1))[0]!;
    const booking = await bookSlot(t.app, slot);
    const searchRows = async () => (await t.app.db.select().from(providerLocations).where(eq(providerLocations.provider_id, p.id))).length;
    expect(await searchRows()).toBe(0);

    const verified = await as(boss, 'PATCH', `/staff/membership-number-verification/${p.id}/`, { verification_status: 'Verified' });
    expect(verified.statusCode).toBe(200);
    expect(await searchRows()).toBeGreaterThan(0);
    const mail = await mailTo(t.app, row!.email!);
    expect(mail[0]!.subject).toContain('verified');
    expect(await lastAudit('provider.verification')).toMatchObject({
      actor_id: boss.id,
      entity_id: p.id,
      before: { verification_status: 'Unverified' },
      after: { verification_status: 'Verified' },
    });

    expect(
      (await as(boss, 'PATCH', `/staff/membership-number-verification/${p.id}/`, { verification_status: 'Unverified' })).statusCode,
    ).toBe(200);
    expect(await searchRows()).toBe(0);
    const { bookings } = await import('../../db/schema/booking');
    const [kept] = await t.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept!.status).toBe('Booked');

    const bad = await as(boss, 'PATCH', `/staff/membership-number-verification/${p.id}/`, { verification_status: 'Maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'Verified' or 'Unverified'");
    expect(
      (await as(boss, 'PATCH', `/staff/membership-number-verification/not-a-uuid/`, { verification_status: 'Verified' })).statusCode,
    ).toBe(400);
  });

  it('shows a mismatch when the register does not know the number', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const evidence = (await as(boss, 'GET', `/staff/providers/${p.id}/`)).json();
    expect(evidence).toMatchObject({ register: null, number_matches: false, name_matches: false });
  });

  it('verifies a company the same way', async () => {
    const list = (await as(boss, 'GET', '/staff/companies/')).json();
    expect(Array.isArray(list.companies)).toBe(true);
    const { companies } = await import('../../db/schema/providers');
    const [c] = await t.app.db.insert(companies).values({ name: 'Audit Test Ltd', region: 'uk' }).returning();
    const res = await as(boss, 'PATCH', `/staff/company-verification/${c!.id}/`, { verification_status: 'Verified' });
    expect(res.statusCode).toBe(200);
    expect(await lastAudit('company.verification')).toMatchObject({ entity_id: c!.id, after: { verification_status: 'Verified' } });
  });
});

describe('payments history', () => {
  it('filters, pages and downloads as CSV', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const patient = await newPatientRow(t.app, 'Payer');
    const slots = await newSlots(t.app, p, 6);
    for (let i = 0; i < 6; i++) {
      await bookSlot(t.app, slots[i]!, { patientId: patient.id, paymentMethod: i % 2 ? 'paypal' : 'stripe', amountMinor: 1000 + i });
    }
    const page1 = (
      await as(boss, 'GET', '/staff/payments-history/?page=1&payment_method=paypal&sort=asc&sort_by=amount&month=&year=')
    ).json();
    expect(page1.appointments).toHaveLength(3);
    expect(page1.appointments.map((a: { amount: string }) => a.amount)).toEqual(['10.01', '10.03', '10.05']);
    expect(page1.appointments[0]).toMatchObject({
      user_name: 'Payer Morgan'.split(' ')[0] ? expect.any(String) : null,
      payment_method: 'paypal',
    });
    const all = (await as(boss, 'GET', '/staff/payments-history/?page=2')).json();
    expect(all.current_page).toBe(2);
    expect(all.total_pages).toBeGreaterThanOrEqual(2);

    const noYear = await as(boss, 'GET', '/staff/payments-history/?month=03');
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().message).toBe('Please enter a year');
    const badYear = await as(boss, 'GET', '/staff/payments-history/?month=03&year=999');
    expect(badYear.json().message).toBe('Please enter a valid year');
    expect((await as(boss, 'GET', '/staff/payments-history/?page=0')).statusCode).toBe(400);
    const empty = (await as(boss, 'GET', '/staff/payments-history/?month=01&year=1999')).json();
    expect(empty).toEqual({ appointments: [], current_page: 1, total_pages: 1 });

    const csv = await as(boss, 'GET', '/staff/payments-history/csv/?payment_method=paypal&sort=asc&sort_by=amount');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('#,User name,Doctor name,Date,Time,Amount,Payment method,Status');
    expect(lines[1]).toContain('£10.01');
    expect(lines).toHaveLength(4);
  });

  it('escapes a value a spreadsheet would run as a formula', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const patient = await newPatientRow(t.app, '=HYPERLINK');
    await bookSlot(t.app, (await newSlots(t.app, p, 1))[0]!, { patientId: patient.id, amountMinor: 7777 });
    const csv = (await as(boss, 'GET', '/staff/payments-history/csv/?sort_by=amount&sort=desc')).body;
    const line = csv.split('\n').find((l) => l.includes('77.77'))!;
    expect(line).toContain("'=HYPERLINK");
  });
});

describe('super users', () => {
  it('adds, re-roles and deletes staff, each audited', async () => {
    const email = `new-${Date.now()}@staff.example.com`;
    const added = await as(boss, 'POST', '/staff/super-user-management/', { email, role: 'author', password: 'Quiet-harbour-lantern' });
    expect(added.statusCode).toBe(201);
    const id = added.json().data.id;
    // `_id` as the product's staff records carry it, beside `id` (the same value), in every answer that gives a staff user.
    expect(added.json().data).toEqual({ _id: id, id, email, role: 'author', created_at: expect.any(String) });
    expect(
      (await as(boss, 'POST', '/staff/super-user-management/', { email, role: 'author', password: 'Quiet-harbour-lantern' })).statusCode,
    ).toBe(409);
    const noRole = await as(boss, 'PATCH', '/staff/super-user-management/', { id, role: '' });
    expect(noRole.json().message).toContain('Please select a role.');
    const changed = await as(boss, 'PATCH', '/staff/super-user-management/', { id, role: 'editor' });
    expect(changed.json()).toMatchObject({ message: 'User role updated successfully!', data: { _id: id, id, role: 'editor' } });
    expect(await lastAudit('staff.role')).toMatchObject({ entity_id: id, before: { role: 'author' }, after: { role: 'editor' } });
    const list = (await as(boss, 'GET', '/staff/super-user-management/')).json();
    expect(list.data.find((u: { id: string }) => u.id === id)).toMatchObject({ _id: id, email, role: 'editor' });
    for (const u of list.data as { _id: string; id: string }[]) expect(u._id).toBe(u.id);
    expect(JSON.stringify(list)).not.toContain('password');
    expect((await as(boss, 'DELETE', '/staff/super-user-management/', { id, email, role: 'editor' })).statusCode).toBe(200);
    expect(await lastAudit('staff.delete')).toMatchObject({ entity_id: id, before: { email, role: 'editor' }, after: null });
    expect((await as(boss, 'DELETE', '/staff/super-user-management/', { id })).statusCode).toBe(404);
  });

  it('the last superuser cannot demote or delete themself', async () => {
    const { staffUsers } = await import('../../db/schema/identity');
    // Leave boss as the only superuser.
    await t.app.db.delete(staffUsers).where(and(eq(staffUsers.role, 'superuser'), sql`${staffUsers.id} <> ${boss.id}`));
    const demote = await as(boss, 'PATCH', '/staff/super-user-management/', { id: boss.id, role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toContain('last superuser');
    expect((await as(boss, 'DELETE', '/staff/super-user-management/', { id: boss.id })).statusCode).toBe(409);
    const second = await newStaff(t.app, 'superuser');
    expect((await as(boss, 'PATCH', '/staff/super-user-management/', { id: second.id, role: 'admin' })).statusCode).toBe(200);
    expect((await as(boss, 'DELETE', '/staff/super-user-management/', { id: boss.id })).statusCode).toBe(409);
  });
});

describe('homepage and gallery', () => {
  it('uploads an image, sets it, the colour and the modal; the public home follows', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/staff/admin-gallery/1/',

      ...authed(multipartBody('image', await pngImage(2400, 1200))),
    });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().image_url as string;
    expect(url).toMatch(/^\/uploads\/gallery\/[0-9a-f]{32}\.webp$/);
    const sharp = (await import('sharp')).default;
    const meta = await sharp(await readFile(path.join(uploadsRoot(t.config), url.slice('/uploads/'.length)))).metadata();
    expect(meta.width).toBe(1920);
    const gallery = (await as(boss, 'GET', '/staff/admin-gallery/1/')).json();
    expect(gallery.items[0].image_url).toBe(url);

    expect((await as(boss, 'POST', '/staff/homepage-image/1/', { image_url: url })).statusCode).toBe(200);
    expect((await as(boss, 'POST', '/staff/homepage-image/1/', { image_url: '/uploads/profile/x.webp' })).statusCode).toBe(400);
    expect((await as(boss, 'POST', '/staff/homepage-image/1/', { color: '#12AB34' })).json().color).toBe('#12ab34');
    expect((await as(boss, 'POST', '/staff/homepage-image/1/', { color: 'red' })).statusCode).toBe(400);
    expect((await as(boss, 'POST', '/staff/homepage-image/1/', {})).statusCode).toBe(400);
    expect((await as(boss, 'GET', '/staff/homepage-image/2/')).statusCode).toBe(404);

    const modal = await t.app.inject({
      method: 'POST',
      url: '/staff/homepage-image/1/',

      ...authed(
        multipartBody('modal_image', await pngImage(), {
          modal_heading: 'Winter clinics',
          modal_description: 'Open late.',
          show_modal: 'true',
        }),
      ),
    });
    expect(modal.statusCode, modal.body).toBe(200);
    expect(modal.json()).toMatchObject({ show_modal: true, modal_heading: 'Winter clinics' });
    const noHeading = await t.app.inject({
      method: 'POST',
      url: '/staff/homepage-image/1/',

      ...authed(multipartBody('modal_image', null, { modal_heading: ' ', modal_description: 'x', show_modal: 'false' })),
    });
    expect(noHeading.statusCode).toBe(400);
    expect(noHeading.json().message).toBe('Please enter a heading for the modal.');

    const pub = (await t.app.inject({ url: '/api/homepage-settings' })).json();
    expect(pub).toMatchObject({ image_url: url, color: '#12ab34', show_modal: true, modal_heading: 'Winter clinics' });
    const audit = await lastAudit('homepage.color');
    expect(audit).toMatchObject({ before: { color: expect.any(String) }, after: { color: '#12ab34' } });
    expect(await lastAudit('gallery.upload')).toMatchObject({ after: { image_url: url } });
  });

  it('refuses what is not an image, a file over 5 MB, and no file; an appended script does not survive', async () => {
    const send = (data: Buffer | null) =>
      t.app.inject({ method: 'POST', url: '/staff/admin-gallery/1/', ...authed(multipartBody('image', data)) });
    const text = await send(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Choose a JPEG, PNG or WebP picture.');
    const big = await send(Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect((await send(null)).statusCode).toBe(400);
    const tainted = await send(Buffer.concat([await pngImage(), Buffer.from('<script>alert("x")</script>')]));
    expect(tainted.statusCode).toBe(200);
    const stored = await readFile(path.join(uploadsRoot(t.config), tainted.json().image_url.slice('/uploads/'.length)));
    expect(stored.toString('latin1')).not.toContain('<script>');
    expect(stored.subarray(8, 12).toString()).toBe('WEBP');
  });
});

describe('audit log', () => {
  it('is append-only, records refunds, and filters and pages', async () => {
    await expect(t.app.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from audit_log`)).rejects.toThrow();

    const p = await newProvider(t.app, { clinics: 1 });
    const booking = await bookSlot(t.app, (await newSlots(t.app, p, 1))[0]!);
    const [pay] = await t.app.db
      .insert(payments)
      .values({
        booking_id: booking.id,
        gateway: 'sandbox',
        payment_method: 'stripe',
        external_id: `x-${booking.id}`,
        amount_minor: 6000,
        currency: 'GBP',
        status: 'COMPLETED',
      })
      .returning();
    await t.app.db.update(payments).set({ status: 'REFUNDED', refund_id: 're_1' }).where(eq(payments.id, pay!.id));
    const refund = await as(boss, 'GET', `/staff/audit-log/?action=payment.refund&entity_id=${pay!.id}`);
    expect(refund.json().entries).toHaveLength(1);
    expect(refund.json().entries[0]).toMatchObject({
      actor_type: 'system',
      before: { status: 'COMPLETED' },
      after: { status: 'REFUNDED' },
    });

    const mine = (await as(boss, 'GET', `/staff/audit-log/?actor=${encodeURIComponent(boss.email)}&page=1`)).json();
    expect(mine.entries.length).toBeLessThanOrEqual(5);
    expect(mine.total_pages).toBeGreaterThan(1);
    expect(mine.entries.every((e: { actor_email: string }) => e.actor_email === boss.email)).toBe(true);
    expect((await as(boss, 'GET', '/staff/audit-log/?page=&actor=&action=')).statusCode).toBe(200);
  });
});

describe('admin home', () => {
  it('counts what awaits review and this month’s money', async () => {
    const res = await as(boss, 'GET', '/staff/admin-home/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'superuser',
      providers_awaiting_review: expect.any(Number),
      month_takings: expect.any(Array),
    });
  });
});
