/** Fetching calendar links within the limits, against a local HTTP server the test starts. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalendarFetchError,
  DEFAULT_FETCH_LIMITS,
  fetchCalendarText,
  fetchMessages,
  isPublicAddress,
  type FetchLimits,
} from './safe-fetch';

let server: http.Server;
let base: string;
const seenAuth: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seenAuth.push(req.headers.authorization);
    if (url.pathname === '/ok.ics')
      return res.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    if (url.pathname === '/missing.ics') return res.writeHead(404).end('no');
    if (url.pathname === '/private.ics') return res.writeHead(401).end('no');
    if (url.pathname === '/slow.ics') return setTimeout(() => res.writeHead(200).end('late'), 2_000);
    if (url.pathname === '/big.ics') {
      // No Content-Length: the cap must count the bytes as they come.
      res.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = 'X'.repeat(64 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', more);
        }
        res.end();
      };
      return more();
    }
    const hops = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hops) {
      const left = Number(hops[1]);
      return res.writeHead(302, { location: left === 0 ? '/ok.ics' : `/hop/${left - 1}` }).end();
    }
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const local: FetchLimits = { ...DEFAULT_FETCH_LIMITS, allowPrivate: true };
const failure = async (link: string, limits: FetchLimits = local) => {
  const err = await fetchCalendarText(link, limits).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(CalendarFetchError);
  return (err as Error).message;
};

describe('fetching a calendar link', () => {
  it('reads a calendar, following up to 3 redirects', async () => {
    expect((await fetchCalendarText(`${base}/ok.ics`, local)).text).toContain('BEGIN:VCALENDAR');
    const redirected = await fetchCalendarText(`${base}/hop/2`, local);
    expect(redirected.url).toBe(`${base}/ok.ics`);
    expect(await failure(`${base}/hop/3`)).toBe(fetchMessages.redirects);
  });

  it('names 404, 401 and server errors', async () => {
    expect(await failure(`${base}/missing.ics`)).toBe(fetchMessages.status(404));
    expect(await failure(`${base}/private.ics`)).toBe(fetchMessages.status(401));
    expect(await failure(`${base}/other`)).toBe(fetchMessages.status(500));
    expect(await failure('http://127.0.0.1:1/nothing.ics')).toBe(fetchMessages.unreachable);
  });

  it('gives up after the time limit and beyond the size limit', async () => {
    expect(await failure(`${base}/slow.ics`, { ...local, timeoutMs: 300 })).toBe(fetchMessages.timeout);
    expect(await failure(`${base}/big.ics`, { ...local, maxBytes: 1024 * 1024 })).toBe(fetchMessages.tooLarge);
  });

  it('never reaches loopback, link-local or private addresses unless allowed, by address or by name', async () => {
    const strict = { ...DEFAULT_FETCH_LIMITS, allowPrivate: false };
    const port = new URL(base).port;
    for (const link of [
      `${base}/ok.ics`,
      `http://localhost:${port}/ok.ics`,
      `http://[::1]:${port}/ok.ics`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/cal.ics',
      'http://192.168.0.10/cal.ics',
      'http://[::ffff:127.0.0.1]/cal.ics',
    ]) {
      expect(await failure(link, strict), link).toBe(fetchMessages.blocked);
    }
  });

  it('tells public addresses from the others', () => {
    for (const a of ['8.8.8.8', '2606:4700:4700::1111', '151.101.1.1']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '::1',
      '169.254.169.254',
      'fe80::1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      'fc00::1',
      '100.64.0.1',
      '0.0.0.0',
      '::ffff:10.0.0.1',
      'nonsense',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('sends credentials to the origin they were given for only', async () => {
    seenAuth.length = 0;
    await fetchCalendarText(`${base}/hop/1`, local, { authorization: 'Basic c2VjcmV0' });
    expect(seenAuth).toEqual(['Basic c2VjcmV0', 'Basic c2VjcmV0', 'Basic c2VjcmV0']);
  });
});
