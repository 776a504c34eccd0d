/**
 * An optional query parameter sent empty means absent, on every call: the answer to `?x=` is the answer without x.
 * The list of calls is read from the OpenAPI document, so a new route with optional query parameters and no base
 * request here fails the first test. See docs/operations.md (empty means absent).
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { newProvider, type TestProvider } from './modules/availability/availability.test-helpers';
import { newStaff, type TestStaff } from './modules/staff/staff.test-helpers';

let t: TestApp;
let me: TestProvider;
let boss: TestStaff;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
interface Operation {
  parameters?: Parameter[];
}

/** A request each route accepts (or refuses the same way with or without the empty parameter), by "METHOD path". */
const base: Record<string, () => InjectOptions> = {
  'GET /dev/mail/messages': () => ({ url: '/dev/mail/messages?' }),
  'GET /dev/texts/messages': () => ({ url: '/dev/texts/messages?' }),
  'GET /api/get-speciality': () => ({ url: '/api/get-speciality?' }),
  'GET /api/test-search/': () => ({ url: '/api/test-search/?postcode=W1G%207JQ&specialty=gp&' }),
  'GET /api/map-view/': () => ({ url: '/api/map-view/?postcode=W1G%207JQ&specialty=gp&radius=25&' }),
  'GET /provider/profile/{providerId}/': () => ({ url: `/provider/profile/${me.id}/?`, headers: me.auth }),
  'GET /api/provider-details/{id}/': () => ({ url: `/api/provider-details/${me.id}/?` }),
  'GET /api/provider-slots/{id}/': () => ({ url: `/api/provider-slots/${me.id}/?` }),
  'GET /user/check-slot/{doctorId}/': () => ({ url: `/user/check-slot/${me.id}/?date=01/01/2031&time=9:00%20AM&` }),
  'GET /provider/availability/{providerId}/': () => ({ url: `/provider/availability/${me.id}/?`, headers: me.auth }),
  // The region is optional on the availability reads and deletes (the provider's own); a rule or slot that is not
  // there answers 404 either way.
  'GET /provider/availability-rules/{providerId}/': () => ({ url: `/provider/availability-rules/${me.id}/?`, headers: me.auth }),
  'GET /provider/availability-settings/{providerId}/': () => ({ url: `/provider/availability-settings/${me.id}/?`, headers: me.auth }),
  'DELETE /provider/availability-rules/{providerId}/{ruleId}/': () => ({
    method: 'DELETE',
    url: `/provider/availability-rules/${me.id}/${randomUUID()}/?`,
    headers: me.auth,
  }),
  'DELETE /provider/availability/{providerId}/{slotId}/': () => ({
    method: 'DELETE',
    url: `/provider/availability/${me.id}/999999999/?`,
    headers: me.auth,
  }),
  'GET /provider/provider-booked-appointment-history/{providerId}/': () => ({
    url: `/provider/provider-booked-appointment-history/${me.id}/?ProviderRegion=uk&`,
    headers: me.auth,
  }),
  'POST /user/verify-payment/': () => ({ url: '/user/verify-payment/?', payload: { session_id: randomUUID() } }),
  'GET /staff/providers/': () => ({ url: '/staff/providers/?', headers: boss.auth }),
  'GET /staff/companies/': () => ({ url: '/staff/companies/?', headers: boss.auth }),
  'GET /staff/payments-history/': () => ({ url: '/staff/payments-history/?', headers: boss.auth }),
  'GET /staff/payments-history/csv/': () => ({ url: '/staff/payments-history/csv/?', headers: boss.auth }),
  'GET /staff/audit-log/': () => ({ url: '/staff/audit-log/?', headers: boss.auth }),
  'GET /provider/earnings/{providerId}/': () => ({ url: `/provider/earnings/${me.id}/?providerRegion=uk&`, headers: me.auth }),
  'GET /provider/earnings/{providerId}/csv/': () => ({ url: `/provider/earnings/${me.id}/csv/?providerRegion=uk&`, headers: me.auth }),
  'GET /provider/payouts/{providerId}/': () => ({ url: `/provider/payouts/${me.id}/?providerRegion=uk&`, headers: me.auth }),
  'GET /staff/payouts/': () => ({ url: '/staff/payouts/?', headers: boss.auth }),
  'GET /staff/reconciliation/': () => ({ url: '/staff/reconciliation/?', headers: boss.auth }),
};

/** The answer's content: JSON parsed, anything else (the CSV download) as text. */
const content = (res: { headers: Record<string, unknown>; body: string; json(): unknown }) =>
  String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body;

function optionalQueryParameters(): { route: string; names: string[] }[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) => {
      const names = (op.parameters ?? []).filter((p) => p.in === 'query' && !p.required).map((p) => p.name);
      return names.length ? [{ route: `${method.toUpperCase()} ${path}`, names }] : [];
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 3, days: 3 }, env: { RATE_LIMIT_SCALE: '100' } });
  me = await newProvider(t.app, { clinics: 1 });
  boss = await newStaff(t.app, 'superuser');
}, 120_000);
afterAll(async () => t?.close());

describe('an optional query parameter sent empty', () => {
  it('has a base request for every route with optional query parameters in the OpenAPI document', () => {
    expect(Object.keys(base).sort()).toEqual(
      optionalQueryParameters()
        .map((r) => r.route)
        .sort(),
    );
  });

  it('is the same as not sent, for each optional query parameter of each route', async () => {
    const checked: string[] = [];
    for (const { route, names } of optionalQueryParameters()) {
      const method = route.split(' ')[0] as InjectOptions['method'];
      const request = base[route]!();
      const without = await t.app.inject({ method, ...request });
      expect(without.statusCode, `${route} without: ${without.body}`).toBeLessThan(500);
      for (const name of names) {
        const withEmpty = await t.app.inject({ method, ...request, url: `${request.url}${name}=` });
        expect(withEmpty.statusCode, `${route} ${name}=: ${withEmpty.body}`).toBe(without.statusCode);
        if (method === 'GET') expect(content(withEmpty), `${route} ${name}=`).toEqual(content(without));
        checked.push(`${route} ${name}`);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it('takes the default sort in a search (sort=), and the postcode centre on the map (latitude=)', async () => {
    const search = await t.app.inject({ url: '/api/test-search/?postcode=W1G%207JQ&specialty=gp&radius=25&sort=&page=&selectedRegion=' });
    expect(search.statusCode, search.body).toBe(200);
    const map = await t.app.inject({
      url: '/api/map-view/?postcode=W1G%207JQ&specialty=gp&radius=25&latitude=&longitudea=&selectedRegion=uk',
    });
    expect(map.statusCode, map.body).toBe(200);
    const plain = await t.app.inject({ url: '/api/map-view/?postcode=W1G%207JQ&specialty=gp&radius=25&selectedRegion=uk' });
    expect(map.json()).toEqual(plain.json());
  });

  it('is still refused when the parameter is required: reported as missing, not misread', async () => {
    const res = await t.app.inject({ url: '/api/test-search/?postcode=&specialty=gp' });
    expect(res.statusCode).toBe(400);
  });
});
