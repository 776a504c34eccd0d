import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetching a calendar link a provider typed (docs/calendars.md, "Fetch safety"): at most 10 seconds in all, 5 MB,
 * 3 redirects, and never an address inside our network (loopback, link-local such as cloud metadata, private ranges)
 * unless allowed for tests and on-premises installs. Addresses are checked when the connection is made, from the
 * same DNS answer it uses, so a name cannot pass the check and then resolve elsewhere.
 */

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Reach loopback, link-local and private addresses too (tests, on-premises). */
  allowPrivate: boolean;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3, allowPrivate: false };

/** A failed fetch, with a sentence the provider reads on the Calendar screen. */
export class CalendarFetchError extends Error {}

export const fetchMessages = {
  blocked: 'This calendar link points inside a private network, which CareSlot does not reach. Use the public link of the calendar.',
  timeout: 'The calendar did not answer within 10 seconds.',
  tooLarge: 'The calendar is larger than 5 MB, which is more than CareSlot reads.',
  redirects: 'The calendar link redirected more than 3 times.',
  unreachable: 'The calendar could not be reached. Check the link and try again.',
  protocol: 'Calendar links start with https:// or http://.',
  status: (code: number) =>
    code === 401 || code === 403
      ? `The calendar refused access (HTTP ${code}). Check the link is the private/secret address, or the user name and password.`
      : code === 404 || code === 410
        ? `The calendar was not found at this link (HTTP ${code}). It may have been moved or unshared.`
        : `The calendar's server answered with an error (HTTP ${code}).`,
} as const;

/** Only ordinary public unicast addresses (an IPv4 address inside IPv6 is judged as the IPv4 address). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
        return callback(Object.assign(new Error(fetchMessages.blocked), { code: 'EBLOCKED' }), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), []);
      return callback(null, first.address, first.family);
    });
  };
}

export interface FetchedText {
  text: string;
  /** Where it came from after redirects. */
  url: string;
}

interface Hop {
  status: number;
  location?: string;
  body?: Buffer;
}

function requestOnce(url: URL, limits: FetchLimits, headers: Record<string, string>, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'CareSlot calendar sync', ...headers },
        lookup: guardedLookup(limits.allowPrivate) as unknown as net.LookupFunction,
        signal,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return resolve({ status });
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          res.destroy();
          return reject(new CalendarFetchError(fetchMessages.tooLarge));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            res.destroy();
            reject(new CalendarFetchError(fetchMessages.tooLarge));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function describe(err: unknown, signal: AbortSignal): CalendarFetchError {
  if (err instanceof CalendarFetchError) return err;
  if (signal.aborted) return new CalendarFetchError(fetchMessages.timeout);
  const code = (err as { code?: string }).code;
  if (code === 'EBLOCKED') return new CalendarFetchError(fetchMessages.blocked);
  return new CalendarFetchError(fetchMessages.unreachable);
}

/** GETs a calendar link within the limits; throws CalendarFetchError with the reason for people. */
export async function fetchCalendarText(link: string, limits: FetchLimits, headers: Record<string, string> = {}): Promise<FetchedText> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new CalendarFetchError(fetchMessages.unreachable);
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CalendarFetchError(fetchMessages.protocol);
    // A literal address never goes through DNS, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !limits.allowPrivate && !isPublicAddress(host)) throw new CalendarFetchError(fetchMessages.blocked);
    let hop: Hop;
    try {
      hop = await requestOnce(url, limits, headers, signal);
    } catch (err) {
      throw describe(err, signal);
    }
    if (hop.location !== undefined) {
      if (redirects >= limits.maxRedirects) throw new CalendarFetchError(fetchMessages.redirects);
      const origin = url.origin;
      url = new URL(hop.location, url);
      // Credentials go only to the origin they were given for.
      if (url.origin !== origin && headers.authorization)
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'authorization'));
      continue;
    }
    if (hop.status !== 200 || !hop.body) throw new CalendarFetchError(fetchMessages.status(hop.status));
    return { text: hop.body.toString('utf8'), url: url.toString() };
  }
}
