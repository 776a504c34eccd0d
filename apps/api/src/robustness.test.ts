/**
 * Robustness: throws bad input at every call of the OpenAPI document (GET /api/docs/json) and asserts
 * that none answers 5xx, and that every 4xx is JSON a person can read (a `message`, no stack trace).
 *
 * The calls are read from the document at run time, so a route added later is fuzzed too. Each call is
 * tried without a token, with a broken token, and as the seeded demo patient (app.tokens.signAccess),
 * with malformed JSON, wrong content types, wrong types, huge and unicode strings, negative and
 * non-finite numbers, path traversal and injection strings in every path parameter, query parameter
 * and body field, one field at a time.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { patients } from './db/schema/identity';
import { DEMO_ACCOUNTS } from './db/seed/seed';
import { createTestApp, type TestApp } from './test/test-app';
import {
  attemptOf,
  checkoutBody,
  freeSlot,
  startCardCheckout,
  startWalletOrder,
  verifiedAttempt,
  type TestPatient,
} from './modules/booking/booking.test-helpers';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  maxLength?: number;
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
};

interface Operation {
  method: string;
  path: string;
  tags: string[];
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
  multipart: boolean;
}

/** Strings that have broken servers before. */
const BAD_STRINGS = [
  '',
  ' ',
  'x'.repeat(100_000),
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  'C:\\Windows\\win.ini',
  "' OR '1'='1' --",
  '"; drop table patients; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '\u0000\u0001\u0002',
  '\u202e\ufeff\u200b',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 💥 ñ ü ß 中文 العربية',
  '\ud800',
  '-1',
  '1e309',
  'NaN',
  '99/99/9999',
  '2024-02-30',
  '25:99 PM',
  '__proto__',
  '%',
  '%E0%A4%A',
];

/** Values of the wrong JSON type (or of the right type, but absurd). */
const BAD_VALUES: unknown[] = [
  null,
  0,
  -1,
  -1e308,
  1e308,
  3.14159,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  [],
  ['a', 'b'],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
  ...BAD_STRINGS,
];

/** Whole bodies that are not what any call expects. */
const RAW_BODIES: { payload: string; contentType: string }[] = [
  { payload: '', contentType: 'application/json' },
  { payload: '{', contentType: 'application/json' },
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '{"a":1,}', contentType: 'application/json' },
  { payload: "{'a':1}", contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '123', contentType: 'application/json' },
  { payload: 'true', contentType: 'application/json' },
  { payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
  { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { payload: `{"a":"${'y'.repeat(900_000)}"}`, contentType: 'application/json' },
  { payload: `{"a":"${'y'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { payload: '\xff\xfe\x00{', contentType: 'application/json; charset=utf-16' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'just some text', contentType: 'text/plain' },
  { payload: '<xml><a>1</a></xml>', contentType: 'application/xml' },
  { payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
  { payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', contentType: 'multipart/form-data; boundary=x' },
  { payload: 'garbage', contentType: 'multipart/form-data' },
];

/**
 * Calls whose schemas belong to areas outside this review's reach (search, providers, dev mailbox): their
 * unbounded strings are listed in docs/security-review.md instead. The fuzzing below still covers them.
 */
const OTHER_OWNERS = new Set([
  'GET /dev/mail/messages',
  'GET /api/test-search/',
  'GET /api/provider-slots/{id}/',
  'GET /user/check-slot/{doctorId}/',
]);

function resolve(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return resolve(alternatives.find((s) => s.type !== 'null') ?? alternatives[0]);
  if (schema.allOf?.length) return resolve(schema.allOf[0]);
  return schema;
}

/** A plausible value for a schema: the base request that each mutation changes one field of. */
function sample(schema: JsonSchema | undefined, name = ''): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    case 'array':
      return [sample(s.items)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'email' || /email/i.test(name)) return 'someone@example.com';
      if (s.format === 'uuid' || /id$/i.test(name)) return randomUUID();
      if (/date/i.test(name)) return '01/01/2030';
      if (/time/i.test(name)) return '9:00 AM';
      return 'text';
    default:
      return 'text';
  }
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        tags: (op.tags as string[] | undefined) ?? [],
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: content['application/json']?.schema ?? null,
        multipart: 'multipart/form-data' in content || JSON.stringify(op).includes('multipart/form-data'),
      });
    }
  }
  return ops;
}

/** Percent-encodes like a browser; a lone surrogate becomes the invalid UTF-8 bytes a hostile client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

function urlFor(op: Operation, params: Record<string, string>, query: Record<string, string | string[]> = {}): string {
  let url = op.path;
  for (const name of op.pathParams) url = url.replace(`{${name}}`, encode(params[name] ?? ''));
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encode(k)}=${encode(one)}`);
  return parts.length ? `${url}?${parts.join('&')}` : url;
}

/** A request that gets past validation, so that one mutated field at a time reaches the handler. */
interface ValidRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

interface Problem {
  request: string;
  status: number;
  body: string;
}

// Each test walks every call in the OpenAPI document (thousands of requests), so it grows with the API; the default
// 30 s per test is too tight for that on a busy CI machine. A failure here is a wrong answer, never slowness.
describe('robustness: bad input never gets a 5xx', { timeout: 300_000 }, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ops: Operation[];
  let patientId: string;
  let patientToken: string;
  const valid = new Map<string, ValidRequest>();
  const problems: Problem[] = [];
  /** Status of the last base request per call, for the patient caller. */
  const baseStatus = new Map<string, number>();
  let sent = 0;

  beforeAll(async () => {
    // Limits are scaled out of the way: the handlers behind them must see the bad input.
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100000' }, seed: { providersPerRegion: 4, days: 3 } });
    app = t.app;
    const [demo] = await app.db.select().from(patients).where(eq(patients.email, DEMO_ACCOUNTS.patient.email));
    patientId = demo!.id;
    patientToken = await app.tokens.signAccess({ id: patientId, type: 'patient' });
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    ops = operationsOf(res.json());

    // Real objects to aim at: a verified booking attempt, a card session and a wallet order of the patient.
    const patient: TestPatient = { id: patientId, email: DEMO_ACCOUNTS.patient.email, token: patientToken };
    const slot = await freeSlot(app, 'uk');
    await verifiedAttempt(app, patient, slot);
    const session = (await startCardCheckout(app, patient, slot)).json() as { sessionId: string };
    const order = (await startWalletOrder(app, patient, slot)).json() as { orderID: string };
    const newPassword = 'a-Long-and-unusual-passphrase-42';
    const card = { card_number: '4000 0000 0000 0002', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };
    const entries: [string, ValidRequest][] = [
      [
        'POST /api/contact-us/',
        { body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', message: 'A question about my booking, please.' } },
      ],
      [
        'POST /api/user-register',
        {
          body: {
            first_name: 'Fuzz',
            last_name: 'Tester',
            email: 'fuzz-register@example.com',
            password: newPassword,
            phone_number: '07911 123456',
            date_of_birth: '1990-05-17',
            temp_distance: 10,
          },
        },
      ],
      ['POST /api/user-login', { body: { email: DEMO_ACCOUNTS.patient.email, password: 'not-the-password', user_type: 'patient' } }],
      ['POST /api/resend-verification', { body: { email: 'nobody@example.com' } }],
      ['POST /api/forget-password', { body: { email: 'nobody@example.com', userType: 'patient' } }],
      [
        'PATCH /api/reset-password/{resetToken}',
        { params: { resetToken: 'a'.repeat(43) }, body: { new_password: newPassword, confirm_password: newPassword } },
      ],
      ['POST /api/verify-email/{email_verify}', { params: { email_verify: 'a'.repeat(43) } }],
      ['GET /api/reset-password/{resetToken}', { params: { resetToken: 'a'.repeat(43) } }],
      [
        'PATCH /api/user-details/{userId}/',
        { body: { first_name: 'Alex', last_name: 'Morgan', phone_number: '07911 123456', date_of_birth: '1990-05-17' } },
      ],
      [
        'POST /api/user-details/{userId}/change-password',
        { body: { current_password: 'wrong', new_password: newPassword, confirm_password: newPassword } },
      ],
      ['DELETE /api/user-details/{userId}/', { body: { password: 'wrong', confirm: 'DELETE' } }],
      ['POST /user/user-otp-verification/{userId}/', { body: attemptOf(slot) }],
      ['GET /user/user-otp-verification/{userId}/', { query: { otp: '000000' } }],
      ['POST /user/stripe-checkout/{userId}/', { body: checkoutBody(slot) }],
      ['POST /user/paypal-order/{userId}/', { body: checkoutBody(slot) }],
      [
        'POST /user/verify-payment/',
        { query: { providerRegion: 'uk' }, body: { orderID: order.orderID, user_id: patientId, paymentMethod: 'paypal' } },
      ],
      ['GET /user/check-payment-status/{orderId}/', { params: { orderId: order.orderID } }],
      ['GET /user/stripe-checkout-session-status', { query: { session_id: session.sessionId } }],
      ['POST /sandbox/stripe/checkout-sessions/{id}/pay', { params: { id: session.sessionId }, body: card }],
      ['GET /sandbox/paypal/orders/{id}', { params: { id: order.orderID } }],
      ['POST /sandbox/paypal/orders/{id}/approve', { params: { id: 'SANDBOX-UNKNOWN' }, body: { payer_email: 'payer@example.com' } }],
      ['POST /sandbox/paypal/orders/{id}/cancel', { params: { id: 'SANDBOX-UNKNOWN' }, body: {} }],
      [
        'GET /user/check-slot/{doctorId}/',
        { params: { doctorId: slot.providerId }, query: { providerRegion: 'uk', date: slot.bookedDate, time: slot.timeSlot } },
      ],
      ['GET /api/provider-details/{id}/', { params: { id: slot.providerId }, query: { selectedRegion: 'uk' } }],
      ['GET /api/doctors/{id}', { params: { id: slot.providerId } }],
      ['GET /api/provider-slots/{id}/', { params: { id: slot.providerId }, query: { selectedRegion: 'uk' } }],
      ['GET /api/get-speciality', { query: { selectedRegion: 'uk' } }],
      ['GET /api/map-view/', { query: { postcode: 'SW1A 1AA', radius: '10', selectedRegion: 'uk' } }],
      ['GET /dev/mail/messages', { query: { to: 'ada@example.com' } }],
    ];
    for (const [key, value] of entries) valid.set(key, value);
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(() => {
    problems.length = 0;
  });

  /** Sends one request and records it if the answer is a 5xx, or a 4xx nobody can read. */
  async function probe(rawLabel: string, opts: InjectOptions): Promise<number> {
    sent++;
    // Control characters in a label would make the failure report unreadable.
    const label = JSON.stringify(rawLabel).slice(1, -1);
    let status = 0;
    let body = '';
    try {
      const res = await app.inject(opts);
      status = res.statusCode;
      body = res.body;
    } catch (err) {
      problems.push({ request: label, status: -1, body: String(err) });
      return -1;
    }
    if (status >= 500) {
      problems.push({ request: label, status, body: body.slice(0, 300) });
      return status;
    }
    if (status >= 400) {
      let message: unknown;
      try {
        const answer = JSON.parse(body) as { message?: unknown; resourceType?: unknown; issue?: { diagnostics?: unknown }[] };
        // The FHIR door answers its errors as FHIR does: an OperationOutcome whose issue says it (docs/fhir.md).
        message = answer.resourceType === 'OperationOutcome' ? answer.issue?.[0]?.diagnostics : answer.message;
      } catch {
        message = undefined;
      }
      if (typeof message !== 'string' || message.length === 0 || /\bat .+:\d+:\d+\)?/.test(body) || /node_modules/.test(body)) {
        problems.push({ request: `${label} (unreadable ${status})`, status, body: body.slice(0, 300) });
      }
    }
    return status;
  }

  function authHeaders(kind: 'patient' | 'none' | 'garbage'): Record<string, string> {
    if (kind === 'patient') return { authorization: `Bearer ${patientToken}` };
    if (kind === 'garbage') return { authorization: 'Bearer not.a.jwt' };
    return {};
  }

  const validOf = (op: Operation): ValidRequest => valid.get(`${op.method} ${op.path}`) ?? {};

  function baseParams(op: Operation): Record<string, string> {
    const generated = Object.fromEntries(op.pathParams.map((p) => [p, /^user_?id$/i.test(p) ? patientId : randomUUID()]));
    return { ...generated, ...validOf(op).params };
  }

  function baseQuery(op: Operation): Record<string, string> {
    const known = validOf(op).query;
    if (known) return known;
    return Object.fromEntries(op.queryParams.map((q) => [q.name, String(sample(q.schema, q.name))]));
  }

  function baseBody(op: Operation): Record<string, unknown> {
    const known = validOf(op).body;
    if (known) return known;
    const b = sample(op.body ?? undefined);
    return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
  }

  it('bounds the length of every string a call accepts', () => {
    const unbounded: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(alt, where);
      const bounded =
        schema.maxLength !== undefined ||
        schema.enum !== undefined ||
        schema.const !== undefined ||
        schema.format !== undefined ||
        (schema.pattern?.startsWith('^') && schema.pattern.endsWith('$') && !/[*+]/.test(schema.pattern));
      if (schema.type === 'string' && !bounded) unbounded.push(where);
      for (const [key, inner] of Object.entries(schema.properties ?? {})) walk(inner, `${where}.${key}`);
      if (schema.items) walk(schema.items, `${where}[]`);
    };
    for (const op of ops) {
      if (OTHER_OWNERS.has(`${op.method} ${op.path}`)) continue;
      for (const q of op.queryParams) walk(q.schema, `${op.method} ${op.path} ?${q.name}`);
      if (op.body) walk(op.body, `${op.method} ${op.path} body`);
    }
    expect(unbounded).toEqual([]);
  });

  it('finds the calls in the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(30);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toContain('POST /user/verify-payment/');
  });

  it('answers every call, with every kind of caller, without a 5xx', async () => {
    for (const op of ops) {
      for (const who of ['none', 'garbage', 'patient'] as const) {
        const url = urlFor(op, baseParams(op), baseQuery(op));
        const status = await probe(`${who} ${op.method} ${url}`, {
          method: op.method as InjectOptions['method'],
          url,
          headers: authHeaders(who),
          ...(op.body ? { payload: baseBody(op) } : {}),
        });
        if (who === 'patient') baseStatus.set(`${op.method} ${op.path}`, status);
      }
    }
    expect(problems).toEqual([]);
    // The base requests are good enough to reach the handlers, so each mutation below tests one field.
    for (const call of [
      'POST /api/contact-us/',
      'GET /api/user-details/{userId}/',
      'PATCH /api/user-details/{userId}/',
      'GET /user/user-appointments/{userId}/',
      'POST /user/user-otp-verification/{userId}/',
      'GET /user/user-otp-verification/{userId}/',
      'POST /user/verify-payment/',
      'GET /user/check-payment-status/{orderId}/',
      'GET /user/stripe-checkout-session-status',
      'GET /sandbox/paypal/orders/{id}',
    ]) {
      expect([call, baseStatus.get(call)! < 300]).toEqual([call, true]);
    }
  });

  it('survives bad path parameters', async () => {
    for (const op of ops) {
      for (const name of op.pathParams) {
        for (const bad of BAD_STRINGS.filter((s) => s !== '' && s.length < 10_000)) {
          const params = { ...baseParams(op), [name]: bad };
          const url = urlFor(op, params, baseQuery(op));
          await probe(`${op.method} ${url.slice(0, 120)}`, {
            method: op.method as InjectOptions['method'],
            url,
            headers: authHeaders('patient'),
            ...(op.body ? { payload: baseBody(op) } : {}),
          });
        }
        // Raw, unencoded traversal and broken percent-encoding straight in the path.
        for (const raw of ['..%2f..%2f..%2fetc%2fpasswd', '%E0%A4%A', '%00', '..', '.']) {
          const url = op.path.replace(`{${name}}`, raw).replace(/\{[^}]+\}/g, randomUUID());
          await probe(`${op.method} ${url}`, { method: op.method as InjectOptions['method'], url, headers: authHeaders('patient') });
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('survives bad query parameters', async () => {
    for (const op of ops) {
      const names = [...op.queryParams.map((q) => q.name), 'unexpected'];
      for (const name of names) {
        for (const bad of [...BAD_STRINGS, ['1', '2']] as (string | string[])[]) {
          const query = { ...baseQuery(op), [name]: bad };
          const url = urlFor(op, baseParams(op), query);
          await probe(`${op.method} ${op.path}?${name}=${String(bad).slice(0, 40)}`, {
            method: op.method as InjectOptions['method'],
            url,
            headers: authHeaders('patient'),
            ...(op.body ? { payload: baseBody(op) } : {}),
          });
        }
      }
      // A query string that is not valid percent-encoding at all.
      const url = `${urlFor(op, baseParams(op))}?a=%E0%A4%A&b=%&%%%`;
      await probe(`${op.method} ${url}`, { method: op.method as InjectOptions['method'], url, headers: authHeaders('patient') });
    }
    expect(problems).toEqual([]);
  });

  it('survives malformed and unexpected bodies', async () => {
    for (const op of ops.filter((o) => o.method !== 'GET')) {
      const url = urlFor(op, baseParams(op), baseQuery(op));
      for (const raw of RAW_BODIES) {
        await probe(`${op.method} ${op.path} [${raw.contentType}] ${raw.payload.slice(0, 30)}`, {
          method: op.method as InjectOptions['method'],
          url,
          headers: { ...authHeaders('patient'), 'content-type': raw.contentType },
          payload: raw.payload,
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('survives a bad value in every body field, one field at a time', async () => {
    for (const op of ops.filter((o) => o.body)) {
      const url = urlFor(op, baseParams(op), baseQuery(op));
      const schema = resolve(op.body!);
      const fields = [...Object.keys(schema.properties ?? {}), 'unexpected_field'];
      for (const field of fields) {
        for (const bad of BAD_VALUES) {
          const payload = JSON.stringify({ ...baseBody(op), [field]: bad });
          await probe(`${op.method} ${op.path} ${field}=${JSON.stringify(bad)?.slice(0, 40)}`, {
            method: op.method as InjectOptions['method'],
            url,
            headers: { ...authHeaders('patient'), 'content-type': 'application/json' },
            payload,
          });
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('survives odd headers: hostile request ids, broken cookies, wrong accept', async () => {
    const headerSets: Record<string, string>[] = [
      { 'x-request-id': 'a\u0001b' },
      { 'x-request-id': 'é'.repeat(60) },
      { 'x-request-id': 'x'.repeat(5000) },
      { cookie: 'access_token=%E0%A4%A; refresh_token=;;;' },
      { cookie: `access_token=${'x'.repeat(8000)}` },
      { authorization: 'Bearer ' },
      { authorization: `Bearer ${'x'.repeat(10_000)}` },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { accept: 'application/xml' },
      { 'accept-encoding': 'br;q=abc, gzip;q=-1' },
    ];
    for (const op of ops) {
      const url = urlFor(op, baseParams(op), baseQuery(op));
      for (const headers of headerSets) {
        await probe(`${op.method} ${op.path} ${JSON.stringify(headers).slice(0, 60)}`, {
          method: op.method as InjectOptions['method'],
          url,
          headers,
          ...(op.body ? { payload: baseBody(op) } : {}),
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('sent a meaningful number of requests', () => {
    // A guard against the generator silently producing nothing.
    expect(sent).toBeGreaterThan(5000);
  });
});
