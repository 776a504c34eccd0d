/**
 * Local fake Stripe and PayPal HTTP servers for the adapter tests: just enough of the real APIs
 * (Checkout Sessions, Refunds; OAuth, Orders v2, Captures, webhook verification) with their idempotency
 * headers, so the official Stripe SDK and our PayPal client run unchanged against them. Test support only.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function listen(
  handler: (req: RecordedRequest, res: ServerResponse) => void,
): Promise<{ server: Server; url: string; requests: RecordedRequest[] }> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, requests };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const id = (prefix: string) => `${prefix}${randomBytes(10).toString('hex')}`;

// ------------------------------------------------------------------------------------------------
// Stripe
// ------------------------------------------------------------------------------------------------

export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  client_secret: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  ui_mode: string;
  expires_at: number;
}

export interface FakeStripe extends FakeServer {
  sessions: Map<string, FakeStripeSession>;
  refunds: { id: string; payment_intent: string; amount: number; idempotencyKey: string | undefined }[];
  /** The payer completes the embedded checkout. */
  complete(sessionId: string): FakeStripeSession;
  expire(sessionId: string): FakeStripeSession;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeStripeSession>();
  const byIdempotencyKey = new Map<string, unknown>();
  const refunds: FakeStripe['refunds'] = [];
  const { server, url, requests } = await listen((req, res) => {
    if (!req.headers.authorization?.startsWith('Bearer sk_test_'))
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const key = req.headers['idempotency-key'] as string | undefined;
    if (req.method === 'POST' && key && byIdempotencyKey.has(`${req.path}|${key}`))
      return send(res, 200, byIdempotencyKey.get(`${req.path}|${key}`));
    const form = new URLSearchParams(req.body);
    const remember = (body: unknown) => {
      if (key) byIdempotencyKey.set(`${req.path}|${key}`, body);
      send(res, 200, body);
    };
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const sid = id('cs_test_');
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const session: FakeStripeSession = {
        id: sid,
        object: 'checkout.session',
        client_secret: `${sid}_secret_${randomBytes(8).toString('hex')}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        customer_email: form.get('customer_email'),
        customer_details: null,
        metadata,
        payment_intent: null,
        ui_mode: form.get('ui_mode') ?? '',
        expires_at: Number(form.get('expires_at')),
      };
      sessions.set(sid, session);
      return remember(session);
    }
    const get = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.path);
    if (req.method === 'GET' && get) {
      const s = sessions.get(get[1]!);
      return s ? send(res, 200, s) : send(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') {
      const refund = {
        id: id('re_'),
        object: 'refund',
        status: 'succeeded',
        payment_intent: form.get('payment_intent')!,
        amount: Number(form.get('amount')),
      };
      refunds.push({ id: refund.id, payment_intent: refund.payment_intent, amount: refund.amount, idempotencyKey: key });
      return remember(refund);
    }
    send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.path})` } });
  });
  return {
    url,
    requests,
    sessions,
    refunds,
    complete(sessionId) {
      const s = sessions.get(sessionId)!;
      Object.assign(s, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: id('pi_'),
        customer_details: { email: s.customer_email },
      });
      return s;
    },
    expire(sessionId) {
      const s = sessions.get(sessionId)!;
      s.status = 'expired';
      return s;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ------------------------------------------------------------------------------------------------
// PayPal
// ------------------------------------------------------------------------------------------------

export interface FakePaypalOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  payer?: { email_address: string };
  purchase_units: {
    custom_id: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: { id: string; status: string; amount: { currency_code: string; value: string } }[] };
  }[];
}

export interface FakePaypal extends FakeServer {
  orders: Map<string, FakePaypalOrder>;
  refunds: { id: string; captureId: string; value: string; requestId: string | undefined }[];
  approve(orderId: string, email?: string): void;
  /** The signature the fake's verify-webhook-signature accepts. */
  validSignature: string;
}

export async function startFakePaypal(opts: { clientId: string; clientSecret: string; webhookId: string }): Promise<FakePaypal> {
  const orders = new Map<string, FakePaypalOrder>();
  const byRequestId = new Map<string, unknown>();
  const refunds: FakePaypal['refunds'] = [];
  const validSignature = randomBytes(16).toString('hex');
  const token = randomBytes(12).toString('hex');
  const { server, url, requests } = await listen((req, res) => {
    if (req.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(res, 401, { error: 'invalid_client' });
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(res, 401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' });
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    const replayKey = `${req.path}|${requestId}`;
    if (req.method === 'POST' && requestId && byRequestId.has(replayKey)) return send(res, 200, byRequestId.get(replayKey));
    const remember = (status: number, body: unknown) => {
      if (requestId) byRequestId.set(replayKey, body);
      send(res, status, body);
    };
    const body = req.body ? JSON.parse(req.body) : {};
    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      const order: FakePaypalOrder = { id: id('PP').toUpperCase(), status: 'CREATED', purchase_units: body.purchase_units };
      orders.set(order.id, order);
      return remember(201, order);
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(capture[1]!);
      if (!order) return send(res, 404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
      if (order.status !== 'APPROVED') return send(res, 422, { name: 'UNPROCESSABLE_ENTITY', message: 'ORDER_NOT_APPROVED' });
      order.status = 'COMPLETED';
      const unit = order.purchase_units[0]!;
      unit.payments = { captures: [{ id: id('CAP').toUpperCase(), status: 'COMPLETED', amount: unit.amount }] };
      return remember(201, order);
    }
    const getOrder = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && getOrder) {
      const order = orders.get(getOrder[1]!);
      return order
        ? send(res, 200, order)
        : send(res, 404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.path);
    if (req.method === 'POST' && refund) {
      const r = { id: id('RF').toUpperCase(), status: 'COMPLETED' };
      refunds.push({ id: r.id, captureId: refund[1]!, value: body.amount?.value, requestId });
      return remember(201, r);
    }
    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
      const ok = body.transmission_sig === validSignature && body.webhook_id === opts.webhookId;
      return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    send(res, 404, { name: 'NOT_FOUND', message: `No fake for ${req.method} ${req.path}` });
  });
  return {
    url,
    requests,
    orders,
    refunds,
    validSignature,
    approve(orderId, email = 'payer@example.com') {
      const order = orders.get(orderId)!;
      order.status = 'APPROVED';
      order.payer = { email_address: email };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
