/**
 * npx tsx bench/search/serialize-micro.ts
 *
 * CPU per search answer of the two ways to write it (decision 048): zod's encode of the whole answer then JSON.stringify
 * (fastify-type-provider-zod's serializer), and JSON.stringify alone. A typical answer: 5 results with 2 hospitals each
 * and a next slot. Rounds alternate the two so a busy machine weighs on both alike; prints the median of the rounds.
 */
import { loadavg } from 'node:os';
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

const N = 5000;
const time = (f: () => string) => {
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) f();
  return Number(process.hrtime.bigint() - t) / 1e3 / N; // µs per answer
};
for (let i = 0; i < 3; i++) {
  // warm-up
  time(zodWay);
  time(plainWay);
}
const zod: number[] = [];
const plain: number[] = [];
for (let round = 0; round < 15; round++) {
  zod.push(time(zodWay));
  plain.push(time(plainWay));
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${N} answers per round, 15 rounds, median:`,
);
console.log(`zod encode + JSON.stringify: ${med(zod).toFixed(1)} µs per answer`);
console.log(`JSON.stringify alone:        ${med(plain).toFixed(1)} µs per answer`);
