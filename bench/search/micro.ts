/**
 * npx tsx bench/search/micro.ts
 *
 * CPU per search request of two pieces changed for speed (docs/performance.md), old way against new way, in one process:
 * - writing the answer (decision 048): zod's encode of the whole answer then JSON.stringify (fastify-type-provider-zod's
 *   serializer), against JSON.stringify alone. A typical answer: 5 results with 2 hospitals each and a next slot.
 * - the security headers: helmet's middleware built for every request (as @fastify/helmet did), against built once.
 * - a result card's next slot (describeSlot), five per page: luxon's zone arithmetic against a cached Intl formatter.
 * Rounds alternate old and new so a busy machine weighs on both alike; prints the median of the rounds in µs per request.
 */
import { loadavg } from 'node:os';
import helmet from 'helmet';
import { DateTime } from 'luxon';
import { describeSlot } from '../../apps/api/src/modules/availability/slot-display';
import { formatDateText, toTwelveHour } from '../../packages/contracts/src/time';
import { searchResponseSchema, type SearchResponse } from '../../packages/contracts/src/search';

const hospital = (i: number) => ({
  hospital_id: `h-${i}`,
  hospital_name: `St Example Hospital ${i}`,
  hospital_location: `${i} Harley Street, London, W1G 7JQ`,
  address: `${i} Harley Street`,
  city: 'London',
  postcode: 'W1G 7JQ',
  latitude: 51.52 + i / 1000,
  longitude: -0.147 - i / 1000,
  time_zone: 'Europe/London',
});
const answer: SearchResponse = {
  status: true,
  data: Array.from({ length: 5 }, (_, i) => ({
    _id: `00000000-0000-4000-8000-00000000000${i}`,
    id: `00000000-0000-4000-8000-00000000000${i}`,
    name: `Dr Alex Example${i}`,
    first_name: 'Alex',
    last_name: `Example${i}`,
    speciality: 'General Practitioner',
    speciality_slug: 'gp',
    qualifications: ['MBBS', 'MRCGP'],
    profile_image: null,
    verified: true,
    hospital_name: `St Example Hospital ${i}`,
    hospital_location: `${i} Harley Street, London, W1G 7JQ`,
    hospital_details: [hospital(i), hospital(i + 10)],
    distance: 1.2 + i,
    amount_minor: 4500,
    amount: '45.00',
    currency: 'GBP',
    next_available_slot: {
      slot_id: 1000 + i,
      date: '03/03/2027',
      time: '9:30 AM',
      end_time: '9:45 AM',
      starts_at: '2027-03-03T09:30:00.000Z',
      time_zone: 'Europe/London',
    },
  })),
  page: 1,
  page_size: 5,
  total: 42,
  total_pages: 9,
  sort: 'distance',
  radius: 10,
  region: 'uk',
  speciality: { id: 1, slug: 'gp', name: 'General Practitioner' },
  origin: { postcode: 'W1G 7JQ', latitude: 51.52, longitude: -0.147, precision: 'unit' },
};

const zodWay = () => {
  const r = searchResponseSchema.safeEncode(answer);
  if (r.error) throw r.error;
  return JSON.stringify(r.data);
};
const plainWay = () => JSON.stringify(answer);
if (zodWay() !== plainWay()) throw new Error('the two ways differ');

const helmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com', 'https://www.paypal.com', 'https://*.paypal.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", 'https://api.stripe.com', 'https://*.paypal.com'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.stripe.com', 'https://*.paypal.com'],
      workerSrc: ["'self'", 'blob:'],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};
type Mw = ReturnType<typeof helmet>;
const fakeReq = {} as Parameters<Mw>[0];
const fakeRes = { setHeader: () => fakeRes, removeHeader: () => undefined } as unknown as Parameters<Mw>[1];
const noop = () => undefined;
const builtOnce = helmet(helmetOptions);
const helmetPerRequest = () => helmet(helmetOptions)(fakeReq, fakeRes, noop);
const helmetOnce = () => builtOnce(fakeReq, fakeRes, noop);

/** describeSlot as it was (luxon). */
function describeSlotLuxon(startsAt: Date, endsAt: Date, timeZone: string) {
  const start = DateTime.fromJSDate(startsAt, { zone: timeZone });
  const end = DateTime.fromJSDate(endsAt, { zone: timeZone });
  return {
    date: formatDateText(start.year, start.month, start.day),
    time: toTwelveHour(start.toFormat('HH:mm'))!,
    end_time: toTwelveHour(end.toFormat('HH:mm'))!,
    consultationTime: Math.round(end.diff(start, 'minutes').minutes),
    starts_at: start.toUTC().toISO()!,
    time_zone: timeZone,
  };
}
let k = 0;
const fivePerPage = (f: typeof describeSlotLuxon) => () => {
  for (let i = 0; i < 5; i++) {
    const t = 1.8e12 + (k++ % 10_000) * 600_000;
    f(new Date(t), new Date(t + 900_000), i % 2 ? 'Europe/London' : 'America/New_York');
  }
};

const N = 5000;
const time = (f: () => unknown) => {
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) f();
  return Number(process.hrtime.bigint() - t) / 1e3 / N; // µs per request
};
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
function pair(name: string, oldWay: () => unknown, newWay: () => unknown) {
  for (let i = 0; i < 3; i++) {
    // warm-up
    time(oldWay);
    time(newWay);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < 15; round++) {
    a.push(time(oldWay));
    b.push(time(newWay));
  }
  console.log(`${name}: before ${med(a).toFixed(1)} µs, after ${med(b).toFixed(1)} µs per request`);
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${N} calls per round, 15 rounds, median:`,
);
pair('search answer written (zod encode + stringify → stringify)', zodWay, plainWay);
pair('security headers (helmet built per request → built once)', helmetPerRequest, helmetOnce);
pair('five next slots described (luxon → cached Intl)', fivePerPage(describeSlotLuxon), fivePerPage(describeSlot));
