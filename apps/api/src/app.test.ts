import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

describe('the assembled app', () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'careslot-web-'));
  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>CareSlot</title><div id="root"></div>');
    writeFileSync(
      path.join(webDist, 'home.html'),
      '<!doctype html><title>CareSlot</title><div id="root" data-prerendered="/"><h1>Home</h1></div>',
    );
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("x");'.repeat(200));
    // As the build writes them (apps/web/build/precompress.ts): best brotli and best gzip beside the file.
    const script = Buffer.from('export const greeting = "hello";\n'.repeat(300));
    writeFileSync(path.join(webDist, 'assets', 'entry-def456.js'), script);
    writeFileSync(
      path.join(webDist, 'assets', 'entry-def456.js.br'),
      brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(path.join(webDist, 'assets', 'entry-def456.js.gz'), gzipSync(script, { level: 9 }));
    const home = readFileSync(path.join(webDist, 'home.html'));
    writeFileSync(path.join(webDist, 'home.html.br'), brotliCompressSync(home, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    t = await createTestApp({ seed: false, env: { WEB_DIST: webDist } });
  });
  afterAll(() => t.close());

  it('reports health with the database it checked', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('publishes the OpenAPI document and Swagger UI', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/api/health']).toBeDefined();
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('serves the web app with SPA fallback, long-cached hashed assets and compression', async () => {
    const page = await t.app.inject({ url: '/doctor-profile/abc/2.5?region=uk' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
  });

  it('sends the compressed copies the build made, chosen by Accept-Encoding (brotli first, then gzip, else the file)', async () => {
    const file = (name: string) => readFileSync(path.join(webDist, 'assets', name));
    const url = '/assets/entry-def456.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(file('entry-def456.js.br'))).toBe(true);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(file('entry-def456.js.gz'))).toBe(true);
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(file('entry-def456.js'))).toBe(true);
    // The compressed copies have no address of their own.
    expect((await t.app.inject({ url: `${url}.br` })).statusCode).toBe(404);
    // `/` is its build-time page, compressed by the build too.
    const home = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.rawPayload.equals(readFileSync(path.join(webDist, 'home.html.br')))).toBe(true);
  });

  it('sends the home page built with its HTML for / only, and the empty page for every other screen', async () => {
    const home = await t.app.inject({ url: '/?utm_source=x' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('data-prerendered="/"');
    expect(home.headers['cache-control']).toBe('no-cache');
    for (const url of ['/results?postcode=SW1A%201AA', '/about-us', '/doctor-profile/abc/2.5']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
    }
  });

  it('sends security headers with a CSP that allows no inline scripts', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'[^;]*/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths and missing assets with JSON 404, not the SPA', async () => {
    for (const url of ['/api/does-not-exist', '/user/nothing', '/assets/missing.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().status).toBe(false);
    }
  });

  it('echoes a request id and exposes Prometheus metrics', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'req-123' } });
    expect(res.headers['x-request-id']).toBe('req-123');
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toContain('careslot_http_requests_total');
    // The pool gauge exists where there is a pool (PostgreSQL), with the request above given its connection back.
    if (t.database.kind === 'postgres') {
      expect(metrics.body).toMatch(/careslot_db_pool_connections\{state="open"\} [1-9]/);
      expect(metrics.body).toContain('careslot_db_pool_connections{state="waiting"} 0');
    } else expect(metrics.body).not.toContain('careslot_db_pool_connections');
  });
});

describe('with real gateways configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' },
    });
  });
  afterAll(() => t.close());

  it('does not expose the sandbox card form or wallet window', async () => {
    const card = { card_number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' };
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/stripe/checkout-sessions/cs_x/pay', payload: card })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/paypal/orders/O-1/approve', payload: {} })).statusCode).toBe(404);
    const config = (await t.app.inject({ url: '/api/payment-config' })).json();
    expect(config.card.gateway).toBe('stripe');
    expect(config.wallet.gateway).toBe('paypal');
  });
});

describe('metrics protection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
  });
  afterAll(() => t.close());

  it('asks for the metrics token when one is configured', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const ok = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('careslot_http_requests_total');
  });
});
