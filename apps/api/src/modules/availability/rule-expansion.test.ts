import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { eachDay, expandRule, findOverlaps, localInstant, type ExpandableRule, type ExpansionOptions } from './rule-expansion';

const H = 'clinic';
const weekly = (over: Partial<ExpandableRule> = {}): ExpandableRule => ({
  id: 'r1',
  kind: 'weekly',
  hospital_id: H,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  blocks: [{ start_time: '09:00', end_time: '12:00' }],
  from_date: '2027-01-01',
  until_date: null,
  slot_minutes: null,
  ...over,
});
const opts = (zone: string, from: string, to: string, over: Partial<ExpansionOptions> = {}): ExpansionOptions => ({
  slotMinutes: 30,
  bufferMinutes: 0,
  zoneOf: () => zone,
  from,
  to,
  ...over,
});
/** Each slot as 'YYYY-MM-DD HH:mm' local, its UTC start and its length. */
const local = (zone: string, slots: { starts_at: Date; ends_at: Date }[]) =>
  slots.map((s) => DateTime.fromJSDate(s.starts_at, { zone }).toFormat('yyyy-MM-dd HH:mm'));
const utc = (slots: { starts_at: Date }[]) => slots.map((s) => s.starts_at.toISOString().slice(0, 16));
const minutes = (slots: { starts_at: Date; ends_at: Date }[]) => slots.map((s) => (s.ends_at.getTime() - s.starts_at.getTime()) / 60_000);

describe('a weekly 09:00–12:00 rule keeps 09:00 local time across clock changes', () => {
  const cases = [
    // zone, the day before the change, the change day, the day after, UTC hour before → after
    { zone: 'Europe/London', change: 'spring', days: ['2027-03-27', '2027-03-28', '2027-03-29'], utcBefore: '09:00', utcAfter: '08:00' },
    { zone: 'Europe/London', change: 'autumn', days: ['2027-10-30', '2027-10-31', '2027-11-01'], utcBefore: '08:00', utcAfter: '09:00' },
    { zone: 'America/New_York', change: 'spring', days: ['2027-03-13', '2027-03-14', '2027-03-15'], utcBefore: '14:00', utcAfter: '13:00' },
    { zone: 'America/New_York', change: 'autumn', days: ['2027-11-06', '2027-11-07', '2027-11-08'], utcBefore: '13:00', utcAfter: '14:00' },
  ];
  for (const c of cases) {
    it(`${c.zone}, ${c.change}: six slots from 09:00 to 11:30 local each day, the UTC hour moves`, () => {
      const slots = expandRule(weekly(), opts(c.zone, c.days[0]!, c.days[2]!));
      expect(slots).toHaveLength(18);
      const expected = c.days.flatMap((d) => ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((t) => `${d} ${t}`));
      expect(local(c.zone, slots)).toEqual(expected);
      expect(minutes(slots).every((m) => m === 30)).toBe(true);
      expect(utc(slots)[0]).toBe(`${c.days[0]}T${c.utcBefore}`);
      expect(utc(slots)[12]).toBe(`${c.days[2]}T${c.utcAfter}`);
    });
  }

  it('every day of a whole year in both zones starts at 09:00 local (no hour shift on any day)', () => {
    for (const zone of ['Europe/London', 'America/New_York']) {
      const slots = expandRule(weekly({ blocks: [{ start_time: '09:00', end_time: '09:30' }] }), opts(zone, '2027-01-01', '2027-12-31'));
      expect(slots).toHaveLength(365);
      expect(new Set(local(zone, slots).map((s) => s.slice(11)))).toEqual(new Set(['09:00']));
    }
  });
});

describe('local times that do not exist or exist twice', () => {
  it('London spring: 01:00 and 01:30 do not exist and are skipped; the others keep their wall-clock time', () => {
    const rule = weekly({ blocks: [{ start_time: '00:30', end_time: '03:00' }] });
    const slots = expandRule(rule, opts('Europe/London', '2027-03-28', '2027-03-28'));
    expect(local('Europe/London', slots)).toEqual(['2027-03-28 00:30', '2027-03-28 02:00', '2027-03-28 02:30']);
    expect(utc(slots)).toEqual(['2027-03-28T00:30', '2027-03-28T01:00', '2027-03-28T01:30']);
    expect(minutes(slots)).toEqual([30, 30, 30]);
  });

  it('London autumn: 01:00 and 01:30 happen twice and are used once, at their first occurrence (BST)', () => {
    const rule = weekly({ blocks: [{ start_time: '00:30', end_time: '03:00' }] });
    const slots = expandRule(rule, opts('Europe/London', '2027-10-31', '2027-10-31'));
    expect(local('Europe/London', slots)).toEqual([
      '2027-10-31 00:30',
      '2027-10-31 01:00',
      '2027-10-31 01:30',
      '2027-10-31 02:00',
      '2027-10-31 02:30',
    ]);
    // 01:00 and 01:30 BST are 00:00 and 00:30 UTC; the repeated hour (01:00–02:00 GMT) is not used again.
    expect(utc(slots)).toEqual(['2027-10-30T23:30', '2027-10-31T00:00', '2027-10-31T00:30', '2027-10-31T02:00', '2027-10-31T02:30']);
    expect(new Set(utc(slots)).size).toBe(5);
  });

  it('New York spring: 02:00 does not exist; an hour-long 01:00 slot runs to 03:00 EDT and the 03:00 slot follows', () => {
    const rule = weekly({ blocks: [{ start_time: '01:00', end_time: '04:00' }], slot_minutes: 60 });
    const slots = expandRule(rule, opts('America/New_York', '2027-03-14', '2027-03-14'));
    expect(local('America/New_York', slots)).toEqual(['2027-03-14 01:00', '2027-03-14 03:00']);
    expect(utc(slots)).toEqual(['2027-03-14T06:00', '2027-03-14T07:00']);
  });

  it('New York autumn: 01:00 happens twice and is used once (EDT)', () => {
    const rule = weekly({ blocks: [{ start_time: '00:00', end_time: '03:00' }], slot_minutes: 60 });
    const slots = expandRule(rule, opts('America/New_York', '2027-11-07', '2027-11-07'));
    expect(local('America/New_York', slots)).toEqual(['2027-11-07 00:00', '2027-11-07 01:00', '2027-11-07 02:00']);
    expect(utc(slots)).toEqual(['2027-11-07T04:00', '2027-11-07T05:00', '2027-11-07T07:00']);
  });

  it('no two slots ever overlap, whatever the block, length and buffer across the four changes', () => {
    const days = [
      ['Europe/London', '2027-03-28'],
      ['Europe/London', '2027-10-31'],
      ['America/New_York', '2027-03-14'],
      ['America/New_York', '2027-11-07'],
    ] as const;
    for (const [zone, day] of days) {
      for (const length of [15, 20, 45, 60, 90]) {
        for (const buffer of [0, 5]) {
          const rule = weekly({ blocks: [{ start_time: '00:00', end_time: '24:00' }], slot_minutes: length });
          const slots = expandRule(rule, opts(zone, day, day, { bufferMinutes: buffer }));
          for (let i = 1; i < slots.length; i++)
            expect(slots[i]!.starts_at.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.ends_at.getTime());
          expect(new Set(local(zone, slots)).size).toBe(slots.length);
        }
      }
    }
  });

  it('localInstant answers null for a skipped time and the first instant of a repeated one', () => {
    expect(localInstant('2027-03-28', 90, 'Europe/London')).toBeNull();
    expect(localInstant('2027-03-14', 150, 'America/New_York')).toBeNull();
    expect(localInstant('2027-10-31', 90, 'Europe/London')!.toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(localInstant('2027-11-07', 90, 'America/New_York')!.toISOString()).toBe('2027-11-07T05:30:00.000Z');
    expect(localInstant('2027-06-01', 24 * 60, 'Europe/London')!.toISOString()).toBe('2027-06-01T23:00:00.000Z');
    expect(localInstant('2027-01-15', 9 * 60, 'Asia/Kolkata')!.toISOString()).toBe('2027-01-15T03:30:00.000Z');
  });
});

describe('what a rule gives', () => {
  it('places slots by length plus buffer and leaves out a slot that would run past the block', () => {
    const slots = expandRule(weekly(), opts('Europe/London', '2027-06-07', '2027-06-07', { bufferMinutes: 10 }));
    expect(local('Europe/London', slots).map((s) => s.slice(11))).toEqual(['09:00', '09:40', '10:20', '11:00']);
  });

  it("uses the rule's own slot length before the provider's, and several blocks a day", () => {
    const rule = weekly({
      slot_minutes: 45,
      blocks: [
        { start_time: '14:00', end_time: '16:00' },
        { start_time: '09:00', end_time: '10:30' },
      ],
    });
    const slots = expandRule(rule, opts('Europe/London', '2027-06-07', '2027-06-07'));
    expect(local('Europe/London', slots).map((s) => s.slice(11))).toEqual(['09:00', '09:45', '14:00', '14:45']);
    expect(minutes(slots)).toEqual([45, 45, 45, 45]);
  });

  it('keeps to the chosen weekdays, its from and until dates, and the window (the booking horizon)', () => {
    // Monday 7 June 2027 … Sunday 20 June; Mondays and Thursdays only, from the 8th until the 17th.
    const rule = weekly({
      weekdays: [1, 4],
      from_date: '2027-06-08',
      until_date: '2027-06-17',
      blocks: [{ start_time: '09:00', end_time: '09:30' }],
    });
    const all = expandRule(rule, opts('Europe/London', '2027-06-01', '2027-06-30'));
    expect(local('Europe/London', all)).toEqual(['2027-06-10 09:00', '2027-06-14 09:00', '2027-06-17 09:00']);
    const horizon = expandRule(rule, opts('Europe/London', '2027-06-01', '2027-06-14'));
    expect(local('Europe/London', horizon)).toEqual(['2027-06-10 09:00', '2027-06-14 09:00']);
  });

  it('leaves out slots that start at or before notBefore (the past)', () => {
    const slots = expandRule(weekly(), opts('Europe/London', '2027-06-07', '2027-06-07', { notBefore: new Date('2027-06-07T09:00:00Z') }));
    // 09:00 BST is 08:00 UTC … 10:00 BST is 09:00 UTC: the first starting after 09:00 UTC is 10:30 BST.
    expect(local('Europe/London', slots).map((s) => s.slice(11))).toEqual(['10:30', '11:00', '11:30']);
  });

  it('a one-off date gives its day only', () => {
    const rule = weekly({
      kind: 'date',
      weekdays: [],
      from_date: '2027-06-09',
      until_date: null,
      blocks: [{ start_time: '18:00', end_time: '19:00' }],
    });
    const slots = expandRule(rule, opts('America/New_York', '2027-06-01', '2027-06-30'));
    expect(local('America/New_York', slots)).toEqual(['2027-06-09 18:00', '2027-06-09 18:30']);
  });

  it('time off overrides rules: whole days, part days, one clinic or all of them', () => {
    const rule = weekly({ blocks: [{ start_time: '09:00', end_time: '11:00' }], slot_minutes: 60 });
    const off = (over: Partial<ExpandableRule>): ExpandableRule => ({
      ...weekly(),
      id: 'off',
      kind: 'time_off',
      weekdays: [],
      blocks: [],
      ...over,
    });
    const run = (timeOff: ExpandableRule[]) =>
      local('Europe/London', expandRule(rule, opts('Europe/London', '2027-06-07', '2027-06-09', { timeOff })));
    expect(run([])).toHaveLength(6);
    expect(run([off({ hospital_id: null, from_date: '2027-06-08', until_date: '2027-06-08' })])).toEqual([
      '2027-06-07 09:00',
      '2027-06-07 10:00',
      '2027-06-09 09:00',
      '2027-06-09 10:00',
    ]);
    // 10:00–11:00 at this clinic on every day: the 10:00 slot of each day goes.
    expect(
      run([
        off({ hospital_id: H, from_date: '2027-06-07', until_date: '2027-06-09', blocks: [{ start_time: '10:00', end_time: '11:00' }] }),
      ]),
    ).toEqual(['2027-06-07 09:00', '2027-06-08 09:00', '2027-06-09 09:00']);
    expect(run([off({ hospital_id: 'another clinic', from_date: '2027-06-07', until_date: '2027-06-09' })])).toHaveLength(6);
  });

  it('a slot running past midnight meets the next day’s time off', () => {
    const rule = weekly({ blocks: [{ start_time: '23:00', end_time: '24:00' }], slot_minutes: 60 });
    const off: ExpandableRule = {
      ...rule,
      id: 'off',
      kind: 'time_off',
      blocks: [{ start_time: '00:00', end_time: '00:30' }],
      from_date: '2027-06-08',
      until_date: '2027-06-08',
    };
    const slots = expandRule(
      { ...rule, blocks: [{ start_time: '23:30', end_time: '24:00' }], slot_minutes: 60 },
      opts('Europe/London', '2027-06-07', '2027-06-07', { timeOff: [off] }),
    );
    expect(slots).toHaveLength(0);
    expect(expandRule(rule, opts('Europe/London', '2027-06-07', '2027-06-07', { timeOff: [off] }))).toHaveLength(1);
  });
});

describe('finding clashes', () => {
  const at = (s: string, e: string) => ({ starts_at: new Date(s), ends_at: new Date(e) });
  it('reports the interval each candidate overlaps; touching ends are not a clash', () => {
    const others = [at('2027-06-07T10:00Z', '2027-06-07T10:30Z'), at('2027-06-07T08:00Z', '2027-06-07T09:00Z')];
    const candidates = [
      at('2027-06-07T09:00Z', '2027-06-07T09:30Z'),
      at('2027-06-07T09:30Z', '2027-06-07T10:00Z'),
      at('2027-06-07T10:15Z', '2027-06-07T10:45Z'),
      at('2027-06-07T07:00Z', '2027-06-07T12:00Z'),
    ];
    const clashes = findOverlaps(candidates, others);
    expect(clashes.map((c) => candidates.indexOf(c.candidate))).toEqual([2, 3]);
    expect(clashes[0]!.other).toBe(others[0]);
  });

  it('eachDay lists calendar days, month ends and leap days included', () => {
    expect(eachDay('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(eachDay('2027-06-02', '2027-06-01')).toEqual([]);
  });
});
