/**
 * Role × endpoint: every /staff/ call as each staff role, as a patient, as a provider and anonymously, against the role
 * matrix of docs/staff-admin.md. The list of calls is checked against the OpenAPI document, so a new /staff/ route
 * without a row here fails. A refused call changes nothing (the audit log gains no row).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@careslot/contracts/staff';
import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { payouts } from './db/schema/ledger';
import { addAccount, paidBooking } from './modules/payouts/payouts.test-helpers';
import { auditLog } from './db/schema/content';
import { newPatientRow, newProvider, type TestProvider } from './modules/availability/availability.test-helpers';
import { multipartBody, newStaff, pngImage, type TestStaff } from './modules/staff/staff.test-helpers';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let provider: TestProvider;
let image: Buffer;
const staff = {} as Record<StaffRole, TestStaff>;
let patientAuth: Record<string, string>;

/** A failed payout of a fresh provider who has 57.00 available and a primary account: one a retry can pay. */
async function failedPayout(): Promise<string> {
  const p = await newProvider(t.app, { clinics: 1 });
  const account = await addAccount(t.app, p, { sort_code: '08-99-99', account_number: '66374958' });
  await paidBooking(t.app, p, { startsAt: new Date(Date.now() - 3 * 86_400_000) });
  await t.app.db.execute(sql`select ledger_release_due(now())`);
  const [row] = await t.app.db
    .insert(payouts)
    .values({
      provider_id: p.id,
      currency: 'GBP',
      amount_minor: 1200,
      status: 'failed',
      bank_account_id: account,
      destination: 'XXXX4958 (08-99-99)',
      rail: 'sandbox',
      idempotency_key: `payout:test-${randomUUID()}`,
      failure_reason: 'Test',
    })
    .returning();
  return row!.id;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  route: string;
  /** The matrix row; null for the sign-in calls anyone may make. */
  permission: StaffPermission | null;
  request(): Promise<InjectOptions> | InjectOptions;
  ok: number;
}

const calls: Call[] = [
  { method: 'GET', route: '/staff/admin-home/', permission: 'readAdminHome', ok: 200, request: () => ({ url: '/staff/admin-home/' }) },
  { method: 'GET', route: '/staff/providers/', permission: 'verifyProviders', ok: 200, request: () => ({ url: '/staff/providers/' }) },
  {
    method: 'GET',
    route: '/staff/providers/{id}/',
    permission: 'verifyProviders',
    ok: 200,
    request: () => ({ url: `/staff/providers/${provider.id}/` }),
  },
  {
    method: 'PATCH',
    route: '/staff/membership-number-verification/{id}/',
    permission: 'verifyProviders',
    ok: 200,
    request: () => ({ url: `/staff/membership-number-verification/${provider.id}/`, payload: { verification_status: 'Verified' } }),
  },
  { method: 'GET', route: '/staff/companies/', permission: 'verifyProviders', ok: 200, request: () => ({ url: '/staff/companies/' }) },
  {
    method: 'PATCH',
    route: '/staff/company-verification/{id}/',
    permission: 'verifyProviders',
    ok: 200,
    request: async () => {
      const { companies } = await import('./db/schema/providers');
      const [c] = await t.app.db.insert(companies).values({ name: 'Role Test Ltd', region: 'uk' }).returning();
      return { url: `/staff/company-verification/${c!.id}/`, payload: { verification_status: 'Verified' } };
    },
  },
  {
    method: 'GET',
    route: '/staff/payments-history/',
    permission: 'readPayments',
    ok: 200,
    request: () => ({ url: '/staff/payments-history/?page=1' }),
  },
  {
    method: 'GET',
    route: '/staff/payments-history/csv/',
    permission: 'readPayments',
    ok: 200,
    request: () => ({ url: '/staff/payments-history/csv/' }),
  },
  { method: 'GET', route: '/staff/audit-log/', permission: 'readAuditLog', ok: 200, request: () => ({ url: '/staff/audit-log/' }) },
  {
    method: 'GET',
    route: '/staff/payouts/',
    permission: 'readPayouts',
    ok: 200,
    request: () => ({ url: '/staff/payouts/?status=failed' }),
  },
  {
    method: 'POST',
    route: '/staff/payouts/{id}/retry/',
    permission: 'managePayouts',
    ok: 200,
    request: async () => ({ method: 'POST', url: `/staff/payouts/${await failedPayout()}/retry/` }),
  },
  { method: 'POST', route: '/staff/payout-runs/', permission: 'managePayouts', ok: 200, request: () => ({ url: '/staff/payout-runs/' }) },
  {
    method: 'GET',
    route: '/staff/reconciliation/',
    permission: 'readPayouts',
    ok: 200,
    request: () => ({ url: '/staff/reconciliation/?date=2026-01-05&currency=USD' }),
  },
  {
    method: 'GET',
    route: '/staff/super-user-management/',
    permission: 'manageStaff',
    ok: 200,
    request: () => ({ url: '/staff/super-user-management/' }),
  },
  {
    method: 'POST',
    route: '/staff/super-user-management/',
    permission: 'manageStaff',
    ok: 201,
    request: () => ({
      url: '/staff/super-user-management/',
      payload: {
        email: `added-${Math.random().toString(36).slice(2)}@staff.example.com`,
        role: 'author',
        password: 'Quiet-harbour-lantern',
      },
    }),
  },
  {
    method: 'PATCH',
    route: '/staff/super-user-management/',
    permission: 'manageStaff',
    ok: 200,
    request: async () => ({ url: '/staff/super-user-management/', payload: { id: (await newStaff(t.app, 'author')).id, role: 'editor' } }),
  },
  {
    method: 'DELETE',
    route: '/staff/super-user-management/',
    permission: 'manageStaff',
    ok: 200,
    request: async () => {
      const victim = await newStaff(t.app, 'author');
      return { url: '/staff/super-user-management/', payload: { id: victim.id, email: victim.email, role: victim.role } };
    },
  },
  {
    method: 'GET',
    route: '/staff/homepage-image/{id}/',
    permission: 'readAdminHome',
    ok: 200,
    request: () => ({ url: '/staff/homepage-image/1/' }),
  },
  {
    method: 'POST',
    route: '/staff/homepage-image/{id}/',
    permission: 'editHomepage',
    ok: 200,
    request: () => ({ url: '/staff/homepage-image/1/', payload: { color: '#fafafa' } }),
  },
  {
    method: 'GET',
    route: '/staff/admin-gallery/{id}/',
    permission: 'readAdminHome',
    ok: 200,
    request: () => ({ url: '/staff/admin-gallery/1/' }),
  },
  {
    method: 'POST',
    route: '/staff/admin-gallery/{id}/',
    permission: 'uploadToGallery',
    ok: 200,
    request: () => ({ url: '/staff/admin-gallery/1/', ...multipartBody('image', image) }),
  },
];

/** Sign-in calls: open to everyone (they are how one becomes staff). */
const openCalls = ['POST /staff/admin-login/', 'POST /staff/token/refresh/', 'POST /staff/logout/'];

const auditRows = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 2, days: 2 }, env: { RATE_LIMIT_SCALE: '100' } });
  image = await pngImage();
  provider = await newProvider(t.app, { clinics: 1 });
  for (const role of STAFF_ROLES) staff[role] = await newStaff(t.app, role);
  const patient = await newPatientRow(t.app);
  patientAuth = { authorization: `Bearer ${await t.app.tokens.signAccess({ id: patient.id, type: 'patient' })}` };
}, 120_000);
afterAll(async () => t?.close());

describe('every /staff/ call, by who is calling', () => {
  it('covers every /staff/ route in the OpenAPI document', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/staff/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect([...calls.map((c) => `${c.method} ${c.route}`), ...openCalls].sort()).toEqual(documented);
  });

  for (const call of calls) {
    it(`${call.method} ${call.route} (${call.permission})`, async () => {
      const send = async (headers: Record<string, string>) => {
        const req = await call.request();
        return t.app.inject({ method: call.method, ...req, headers: { ...(req.headers as object), ...headers } });
      };
      const before = await auditRows();
      const visitor = await send({});
      expect(visitor.statusCode, `visitor: ${visitor.body}`).toBe(401);
      expect((await send(patientAuth)).statusCode, 'patient').toBe(403);
      expect((await send(provider.auth)).statusCode, 'provider').toBe(403);
      for (const role of STAFF_ROLES) {
        if ((STAFF_PERMISSIONS[call.permission!] as readonly string[]).includes(role)) continue;
        const refused = await send(staff[role].auth);
        expect(refused.statusCode, `staff ${role}: ${refused.body}`).toBe(403);
        expect(refused.json().message).toBe('Your staff role does not allow this.');
      }
      expect(await auditRows(), 'a refused call writes nothing').toBe(before);
      for (const role of STAFF_ROLES) {
        if (!(STAFF_PERMISSIONS[call.permission!] as readonly string[]).includes(role)) continue;
        const allowed = await send(staff[role].auth);
        expect(allowed.statusCode, `staff ${role}: ${allowed.body}`).toBe(call.ok);
      }
    });
  }

  it('a staff token is refused on patient and provider calls, and theirs on staff calls', async () => {
    const asStaff = await t.app.inject({ url: `/provider/profile/${provider.id}/?providerRegion=uk`, headers: staff.superuser.auth });
    expect(asStaff.statusCode).toBe(403);
    const wrongAudience = await t.app.inject({ url: '/staff/admin-home/', headers: provider.auth });
    expect(wrongAudience.statusCode).toBe(403);
  });

  it('a role change takes effect on the next call, whatever the token says', async () => {
    const admin = await newStaff(t.app, 'admin');
    expect((await t.app.inject({ url: '/staff/audit-log/', headers: admin.auth })).statusCode).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: '/staff/super-user-management/',
      headers: staff.superuser.auth,
      payload: { id: admin.id, role: 'author' },
    });
    expect((await t.app.inject({ url: '/staff/audit-log/', headers: admin.auth })).statusCode).toBe(403);
  });
});
