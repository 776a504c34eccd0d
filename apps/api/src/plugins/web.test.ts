import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * `/results?…` and a profile rendered at request time (decision 081) by the real web build's server entry. The web app is
 * built first if apps/web/dist has no server entry (run `npm run build` after changing the web app, so this reads the
 * current one).
 */
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
/** As the app writes a search's address: with its region (decision 094). */
const RESULTS = '/results?postcode=SW1A%201AA&specialty=gp&radius=10&page=1&region=uk';
const ANSWERS = /<script type="application\/json" id="careslot-answers">(.*?)<\/script>/s;

interface Dehydrated {
  queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[];
}
const embedded = (html: string): Dehydrated => JSON.parse(ANSWERS.exec(html)![1]!) as Dehydrated;

let t: TestApp;
let ip = 0;
/** Each test its own address, so the per-IP search budget of one does not reach another. */
const nextIp = () => `10.9.0.${++ip}`;
const get = (url: string, remoteAddress = nextIp(), cookie?: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  if (!existsSync(path.join(webDist, 'server', 'render.mjs'))) {
    execFileSync('npm', ['run', 'build', '-w', '@careslot/web'], { cwd: path.resolve(webDist, '../../..'), stdio: 'ignore' });
  }
  // A budget of 3 unverified searches per address (the default 30, scaled), so the test can reach the limit.
  t = await createTestApp({ env: { WEB_DIST: webDist, RATE_LIMIT_SCALE: '0.1' }, seed: { providersPerRegion: 14, days: 7 } });
}, 180_000);
afterAll(async () => t?.close());

/** The first result of the bench's search, as the API answers the browser. */
async function firstResult(): Promise<{ id: string; name: string; distance: number }> {
  const res = await get('/api/test-search/?postcode=SW1A%201AA&specialty=gp&radius=10&page=1&selectedRegion=uk');
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { id: string; name: string; distance: number }[] }).data[0]!;
}

describe('/results rendered at request time', () => {
  it('carries the results in its HTML and the answers it was rendered with, and no shared cache may keep it', async () => {
    const first = await firstResult();
    const res = await get(RESULTS, nextIp(), 'consentID=c-123');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/i);
    expect(res.body).toContain('<html lang="en" data-paint-first data-answers>');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain('<div id="root" data-prerendered="/results">');
    expect(res.body).toContain('General Practitioner near SW1A 1AA');
    expect(res.body).toContain(first.name);
    // The query cache the browser hydrates: the search (under the key the results screen uses), the config, the list.
    const state = embedded(res.body);
    const keys = state.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['search', 'uk', 'SW1A1AA', 'gp', 10, 'distance', 1]);
    expect(keys).toContainEqual(['public-config']);
    expect(keys).toContainEqual(['specialities', 'uk']);
    const search = state.queries.find((q) => q.queryKey[0] === 'search')!;
    expect(search.state.status).toBe('success');
    expect((search.state.data as { data: { name: string }[] }).data[0]!.name).toBe(first.name);
  });

  it('counts against the visitor’s search budget like their own call; refused, it sends the plain index.html', async () => {
    const address = nextIp();
    for (let i = 0; i < 3; i++) expect((await get(RESULTS, address)).body).toContain('data-answers');
    const limited = await get(RESULTS, address);
    expect(limited.statusCode).toBe(200);
    expect(limited.headers['cache-control']).toBe('no-cache');
    expect(limited.body).toContain('<div id="root"></div>');
    expect(limited.body).not.toContain('careslot-answers');
    // The browser's own search from that address is refused too: the app shows its "slow down" notice, as before.
    const own = await get('/api/test-search/?postcode=SW1A%201AA&specialty=gp&radius=10&page=1&selectedRegion=uk', address);
    expect(own.statusCode).toBe(429);
  });

  it('answers a HEAD without searching', async () => {
    const address = nextIp();
    for (let i = 0; i < 4; i++) expect((await t.app.inject({ method: 'HEAD', url: RESULTS, remoteAddress: address })).statusCode).toBe(200);
    expect((await get(RESULTS, address)).body).toContain('data-answers');
  });

  it('sends the plain index.html for a search the API refuses or an incomplete one', async () => {
    for (const url of [
      '/results?postcode=NOT%20A%20POSTCODE&specialty=gp',
      '/results?postcode=SW1A%201AA&specialty=nonsense',
      '/results',
      '/results?postcode=SW1A%201AA',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('the visitor’s own search, or none (decision 094)', () => {
  const searchOf = (html: string) => embedded(html).queries.find((q) => q.queryKey[0] === 'search');

  it('leaves a search whose address names no region to the browser, which keeps its stored region: no search is spent', async () => {
    const address = nextIp();
    for (let i = 0; i < 4; i++) {
      const res = await get('/results?postcode=SW1A%201AA&specialty=gp&radius=10&page=1', address);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('careslot-answers');
    }
    // The address's whole budget (3) is still there for the browser's own search.
    for (let i = 0; i < 3; i++) expect((await get(RESULTS, address)).body).toContain('data-answers');
  });

  it('searches the region the address names', async () => {
    const res = await get('/results?postcode=10017&specialty=gp&radius=10&page=1&region=usa');
    expect(res.body).toContain('data-answers');
    expect(searchOf(res.body)?.queryKey).toEqual(['search', 'usa', '10017', 'gp', 10, 'distance', 1]);
  });

  it('searches with the captcha the visitor solved (its cookie), as the browser will: past the budget, once', async () => {
    const address = nextIp();
    const own = '/api/test-search/?postcode=SW1A%201AA&specialty=gp&radius=10&page=1&selectedRegion=uk';
    for (let i = 0; i < 3; i++) expect((await get(own, address)).statusCode).toBe(200);
    expect((await get(own, address)).statusCode).toBe(429);
    const challenge = (await get('/api/altcha-challenge', address)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const cookie = `consentID=c-9; careslot_captcha=${encodeURIComponent(`${Date.now() - 1000}.${payload}`)}`;
    const res = await get(RESULTS, address, cookie);
    expect(res.body).toContain('data-answers');
    expect(searchOf(res.body)?.state.status).toBe('success');
    // Without it the same address gets the plain page (its budget is spent): the captcha is what let the search through.
    expect((await get(RESULTS, address, 'consentID=c-9')).body).toContain('<div id="root"></div>');
  });
});

describe('a provider’s profile rendered at request time', () => {
  it('carries the profile and its free times', async () => {
    const first = await firstResult();
    const res = await get(`/doctor-profile/${first.id}/${first.distance}?region=uk`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain(`data-prerendered="/doctor-profile/${first.id}/${first.distance}"`);
    expect(res.body).toContain(`<h1`);
    expect(res.body).toContain(first.name);
    const keys = embedded(res.body).queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['provider-details', first.id, 'uk']);
    expect(keys).toContainEqual(['provider-slots', first.id, 'uk']);
  });

  it('sends the plain index.html for an unknown provider (the app then shows its own not-found page)', async () => {
    for (const url of ['/doctor-profile/00000000-0000-4000-8000-000000000000/1.2?region=uk', '/doctor-profile/nobody/1.2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('escapes a name that tries to close the script: in the HTML as text, in the embedded answers as \\u003c', async () => {
    const first = await firstResult();
    const evil = '</script><script>alert(1)</script><!--';
    await t.app.db.update(providers).set({ last_name: evil }).where(eq(providers.id, first.id));
    const res = await get(`/doctor-profile/${first.id}/${first.distance}?region=uk`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // Exactly one </script> after the answers' opening tag: its own.
    const after = res.body.slice(res.body.indexOf('id="careslot-answers"'));
    expect(after.match(/<\/script>/g)).toHaveLength(1);
    expect(after).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u003c!--');
    const details = embedded(res.body).queries.find((q) => q.queryKey[0] === 'provider-details')!;
    expect(JSON.stringify(details.state.data)).toContain(JSON.stringify(evil).slice(1, -1));
  });
});

describe('the server entry itself', () => {
  it('is not served as a file, nor are its page templates', async () => {
    expect((await get('/server/render.mjs')).statusCode).toBe(404);
    const template = await get('/server/results.html');
    expect(template.body).not.toContain('data-answers');
  });

  it('leaves / to its build-time HTML and every other screen to index.html', async () => {
    const home = await get('/');
    expect(home.body).toContain('data-prerendered="/"');
    const about = await get('/about-us');
    expect(about.body).toContain('<div id="root"></div>');
    expect(about.headers['cache-control']).toBe('no-cache');
    // Each page's first-screen script is served; the home page's knows only its own screen's files.
    const scriptOf = async (html: string) => {
      const src = /<script src="(\/assets\/first-screen-[0-9a-f]+\.js)"><\/script>/.exec(html)?.[1];
      expect(src).toBeDefined();
      const res = await get(src!);
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    // The home page paints from its HTML and stylesheets: no script is preloaded there; other pages preload the entry.
    expect(home.body).toContain('<html lang="en" data-paint-first>');
    expect(home.body).not.toContain('rel="modulepreload"');
    expect(about.body).toContain('rel="modulepreload"');
    const [homeScript, indexScript] = [await scriptOf(home.body), await scriptOf(about.body)];
    expect(homeScript).toContain('home-page-');
    expect(homeScript).not.toContain('results-page-');
    expect(indexScript).toContain('results-page-');
    expect(indexScript).toContain('home-page-');
  });
});
