/** The provider's availability through the API: rules → slots → what patients see; clashes, edits, time off, withdraw. */
import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityMessages, type RuleSavedResponse, type SlotListResponse } from '@careslot/contracts/availability';
import type { ProviderSlotsResponse } from '@careslot/contracts/providers';
import type { SearchResponse } from '@careslot/contracts/search';
import { availabilityRules } from '../../db/schema/availability';
import { availabilitySlots } from '../../db/schema/booking';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookSlot, dayIn, newProvider, openSlotsOf, type TestProvider } from './availability.test-helpers';
import { rowsOf } from '../../db/rows';

let t: TestApp;
const LONDON = 'Europe/London';
beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 4, days: 3 } });
}, 120_000);
afterAll(async () => t?.close());

const call = (p: TestProvider, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: p.auth, ...(payload ? { payload } : {}) });
const weekly = (p: TestProvider, over: Record<string, unknown> = {}) => ({
  providerRegion: p.region,
  hospital_id: p.clinics[0]!.id,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  blocks: [{ start_time: '09:00', end_time: '12:00' }],
  from_date: dayIn(LONDON, 1),
  ...over,
});
const addRule = (p: TestProvider, body: object) => call(p, 'POST', `/provider/availability-rules/${p.id}/`, body);
const list = async (p: TestProvider, query = '') => {
  const res = await call(p, 'GET', `/provider/availability/${p.id}/?providerRegion=${p.region}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SlotListResponse;
};
const localTimes = (slots: { starts_at: Date }[]) =>
  slots.map((s) => DateTime.fromJSDate(s.starts_at, { zone: LONDON }).toFormat('yyyy-MM-dd HH:mm'));

describe('weekly hours become slots patients can book', () => {
  it('creates slots up to the booking horizon, shown in the workspace, on the public profile and in search', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const res = await addRule(p, weekly(p, { from_date: dayIn(LONDON, 0) }));
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as RuleSavedResponse;
    // 90 days ahead by default, six 30-minute slots a day (today's may already be past).
    expect(saved.created).toBeGreaterThanOrEqual(90 * 6);
    expect(saved.created).toBeLessThanOrEqual(91 * 6);
    expect(saved.rule).toMatchObject({
      kind: 'weekly',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      generated_until: dayIn(LONDON, 90),
      hospital_name: p.clinics[0]!.name,
    });
    const slots = await openSlotsOf(t.app, p.id);
    expect(new Set(localTimes(slots).map((s) => s.slice(11)))).toEqual(new Set(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']));
    expect(localTimes(slots).at(-1)!.slice(0, 10)).toBe(dayIn(LONDON, 90));
    // The minimum notice (2 h by default) is stored with each slot.
    expect(slots.every((s) => s.starts_at.getTime() - s.book_by!.getTime() === 2 * 3600_000)).toBe(true);

    const page = await list(p, `&from=${dayIn(LONDON, 1)}`);
    expect(page.availabilities).toHaveLength(5);
    expect(page.current_page).toBe(1);
    expect(page.total_pages).toBe(Math.ceil(page.total / 5));
    expect(page.availabilities[0]).toMatchObject({
      date: DateTime.fromISO(dayIn(LONDON, 1)).toFormat('dd/MM/yyyy'),
      start_time: '9:00 AM',
      end_time: '9:30 AM',
      hospital_name: p.clinics[0]!.name,
      status: 'Open',
    });

    const pub = await t.app.inject({
      url: `/api/provider-slots/${p.id}/?selectedRegion=uk&from=${dayIn(LONDON, 1)}&to=${dayIn(LONDON, 1)}`,
    });
    expect((pub.json() as ProviderSlotsResponse).data.slots.map((s) => [s.time, s.available])).toEqual(
      ['9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM'].map((time) => [time, true]),
    );
    const check = await t.app.inject({
      url: `/user/check-slot/${p.id}/?providerRegion=uk&date=${encodeURIComponent(page.availabilities[0]!.date)}&time=9:00%20AM`,
    });
    expect(check.json().data.available).toBe(true);
    // The clinic's postcode finds the new provider with a next free slot.
    const search = await t.app.inject({ url: `/api/test-search/?postcode=W1G%207JQ&specialty=gp&radius=200&selectedRegion=uk` });
    expect(search.statusCode, search.body).toBe(200);
    void (search.json() as SearchResponse);
  });

  it('lists rules; a page past the end still says how many pages there are; filters by clinic and status', async () => {
    const p = await newProvider(t.app, { clinics: 2 });
    expect((await addRule(p, weekly(p, { weekdays: [1], until_date: dayIn(LONDON, 14) }))).statusCode).toBe(201);
    expect((await addRule(p, weekly(p, { hospital_id: p.clinics[1]!.id, weekdays: [2], until_date: dayIn(LONDON, 14) }))).statusCode).toBe(
      201,
    );
    const rules = (await call(p, 'GET', `/provider/availability-rules/${p.id}/?providerRegion=uk`)).json();
    expect(rules.rules).toHaveLength(2);
    const second = await list(p, `&hospital_id=${p.clinics[1]!.id}`);
    expect(second.total).toBe(12);
    expect(second.availabilities.every((a) => a.hospital_id === p.clinics[1]!.id && a.weekday === 2)).toBe(true);
    const past = await list(p, '&page=99');
    expect(past).toMatchObject({ availabilities: [], current_page: 99, total_pages: 5 });
    // An optional parameter sent empty means absent.
    expect((await list(p, '&page=&from=&to=&hospital_id=&status=&page_size=')).total).toBe(24);
    expect((await list(p, '&status=Booked')).total).toBe(0);
    // Any seven days hold one Monday and one Tuesday.
    const week = await list(p, `&page_size=500&from=${dayIn(LONDON, 1)}&to=${dayIn(LONDON, 7)}`);
    expect(week.total).toBe(12);
    expect(week.availabilities).toHaveLength(12);
  });
});

describe('a provider is never in two places at once', () => {
  it('refuses weekly hours at another clinic that overlap, naming the clashes; nothing is written', async () => {
    const p = await newProvider(t.app, { clinics: 2 });
    expect((await addRule(p, weekly(p, { weekdays: [3] }))).statusCode).toBe(201);
    const before = (await openSlotsOf(t.app, p.id)).length;
    const res = await addRule(
      p,
      weekly(p, { hospital_id: p.clinics[1]!.id, weekdays: [3, 4], blocks: [{ start_time: '11:00', end_time: '13:00' }] }),
    );
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body.message).toBe(availabilityMessages.clash);
    expect(body.conflicts.length).toBeGreaterThan(0);
    expect(body.conflicts[0]).toMatchObject({ start_time: '11:00 AM', end_time: '11:30 AM', hospital_name: p.clinics[0]!.name });
    expect(body.conflicts[0].date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect((await openSlotsOf(t.app, p.id)).length).toBe(before);
    expect(await t.app.db.select().from(availabilityRules).where(eq(availabilityRules.provider_id, p.id))).toHaveLength(1);
    // Touching is fine: 12:00–13:00 starts when the morning ends.
    expect(
      (await addRule(p, weekly(p, { hospital_id: p.clinics[1]!.id, weekdays: [3], blocks: [{ start_time: '12:00', end_time: '13:00' }] })))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a one-off day over existing hours, and a far one-off day that a weekly rule will reach later', async () => {
    const p = await newProvider(t.app, { clinics: 2 });
    expect((await addRule(p, weekly(p, { weekdays: [1, 2, 3, 4, 5] }))).statusCode).toBe(201);
    const monday = DateTime.fromISO(dayIn(LONDON, 7)).set({ weekday: 1 }).plus({ weeks: 1 }).toISODate()!;
    const clash = await call(p, 'POST', `/provider/availability/${p.id}/`, {
      providerRegion: 'uk',
      hospital_id: p.clinics[1]!.id,
      date: monday,
      start_time: '10:00',
      end_time: '10:30',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().conflicts).toEqual([
      {
        date: DateTime.fromISO(monday).toFormat('dd/MM/yyyy'),
        start_time: '10:00 AM',
        end_time: '10:30 AM',
        hospital_name: p.clinics[0]!.name,
      },
    ]);
    // Ten months ahead: the weekly rule has no slots there yet, but it will.
    const far = DateTime.fromISO(dayIn(LONDON, 300)).set({ weekday: 2 }).toISODate()!;
    const later = await call(p, 'POST', `/provider/availability/${p.id}/`, {
      providerRegion: 'uk',
      hospital_id: p.clinics[1]!.id,
      date: far,
      start_time: '11:30',
      end_time: '12:30',
    });
    expect(later.statusCode).toBe(409);
    expect(later.json().conflicts[0]).toMatchObject({ start_time: '11:30 AM', hospital_name: p.clinics[0]!.name });
    const evening = await call(p, 'POST', `/provider/availability/${p.id}/`, {
      providerRegion: 'uk',
      hospital_id: p.clinics[1]!.id,
      date: far,
      start_time: '18:00',
      end_time: '19:00',
      slot_minutes: '',
    });
    expect(evening.statusCode, evening.body).toBe(201);
    expect(evening.json()).toMatchObject({ status: true, created: 2, rule: { kind: 'date', from_date: far } });
  });

  it('the database refuses overlapping open slots of one provider, whatever writes them', async () => {
    const p = await newProvider(t.app, { clinics: 2 });
    const at = (h: number, m = 0) => new Date(Date.UTC(2031, 0, 6, h, m));
    await t.app.db
      .insert(availabilitySlots)
      .values({ provider_id: p.id, hospital_id: p.clinics[0]!.id, region: 'uk', starts_at: at(9), ends_at: at(9, 30) });
    const overlapping = t.app.db
      .insert(availabilitySlots)
      .values({ provider_id: p.id, hospital_id: p.clinics[1]!.id, region: 'uk', starts_at: at(9, 15), ends_at: at(9, 45) });
    await expect(overlapping).rejects.toMatchObject({ cause: { code: '23P01' } });
    // Withdrawn slots do not count.
    await t.app.db.update(availabilitySlots).set({ status: 'withdrawn' }).where(eq(availabilitySlots.provider_id, p.id));
    await t.app.db
      .insert(availabilitySlots)
      .values({ provider_id: p.id, hospital_id: p.clinics[1]!.id, region: 'uk', starts_at: at(9, 15), ends_at: at(9, 45) });
  });

  it('two overlapping changes at the same moment: exactly one wins, the other is told the clashes', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await newProvider(t.app, { clinics: 2 });
      const [a, b] = await Promise.all([
        addRule(p, weekly(p, { weekdays: [2, 4] })),
        addRule(p, weekly(p, { hospital_id: p.clinics[1]!.id, weekdays: [4, 6], blocks: [{ start_time: '10:00', end_time: '11:00' }] })),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().conflicts.length).toBeGreaterThan(0);
      expect(await t.app.db.select().from(availabilityRules).where(eq(availabilityRules.provider_id, p.id))).toHaveLength(1);
      const slots = await openSlotsOf(t.app, p.id);
      for (let i = 1; i < slots.length; i++) expect(slots[i]!.starts_at.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.ends_at.getTime());
    }
  });
});

describe('changing and deleting rules', () => {
  it('editing regenerates future free slots only; held and booked slots are kept and listed', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const created = (
      await addRule(p, weekly(p, { weekdays: [1, 2, 3, 4, 5, 6, 7], until_date: dayIn(LONDON, 7) }))
    ).json() as RuleSavedResponse;
    const ruleId = created.rule!.id;
    const slots = await openSlotsOf(t.app, p.id);
    const booked = slots.find((s) => localTimes([s])[0]!.endsWith('09:30'))!;
    const held = slots.find((s) => localTimes([s])[0]!.endsWith('11:30'))!;
    await bookSlot(t.app, booked);
    await bookSlot(t.app, held, { status: 'Held' });

    const res = await call(p, 'PATCH', `/provider/availability-rules/${p.id}/${ruleId}/`, {
      providerRegion: 'uk',
      blocks: [{ start_time: '14:00', end_time: '15:00' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as RuleSavedResponse;
    expect(saved.kept.map((k) => [k.id, k.status, k.start_time])).toEqual([
      [booked.id, 'Booked', '9:30 AM'],
      [held.id, 'Held', '11:30 AM'],
    ]);
    expect(saved.created).toBe(7 * 2);
    expect(saved.removed).toBe(7 * 6 - 2);
    const after = await openSlotsOf(t.app, p.id);
    expect(after.map((s) => s.id)).toContain(booked.id);
    expect(after.map((s) => s.id)).toContain(held.id);
    expect(new Set(localTimes(after).map((s) => s.slice(11)))).toEqual(new Set(['09:30', '11:30', '14:00', '14:30']));
    const rows = await list(p, `&page_size=100&status=Booked`);
    expect(rows.availabilities.map((r) => r.id)).toEqual([booked.id]);

    // Bad input for the rule's kind is 400 with a message, and changes nothing.
    const bad = await call(p, 'PATCH', `/provider/availability-rules/${p.id}/${ruleId}/`, { providerRegion: 'uk', weekdays: [8] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Monday 1 to Sunday 7/);

    const del = await call(p, 'DELETE', `/provider/availability-rules/${p.id}/${ruleId}/?providerRegion=uk`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ status: true, rule: null, removed: 14 });
    expect(del.json().kept.map((k: { id: number }) => k.id)).toEqual([booked.id, held.id]);
    expect((await openSlotsOf(t.app, p.id)).map((s) => s.id)).toEqual([booked.id, held.id]);
    const gone = await call(p, 'DELETE', `/provider/availability-rules/${p.id}/${ruleId}/?providerRegion=uk`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(availabilityMessages.ruleNotFound);
  });

  it('time off takes free slots away and keeps booked ones; giving it back brings the slots back', async () => {
    const p = await newProvider(t.app, { clinics: 2 });
    await addRule(p, weekly(p, { until_date: dayIn(LONDON, 10) }));
    const slots = await openSlotsOf(t.app, p.id);
    const day3 = slots.filter((s) => localTimes([s])[0]!.startsWith(dayIn(LONDON, 3)));
    await bookSlot(t.app, day3[0]!);
    const off = await addRule(p, {
      kind: 'time_off',
      providerRegion: 'uk',
      from_date: dayIn(LONDON, 3),
      until_date: dayIn(LONDON, 4),
      note: 'Conference',
    });
    expect(off.statusCode, off.body).toBe(201);
    expect(off.json()).toMatchObject({ created: 0, removed: 11, rule: { kind: 'time_off', hospital_id: null, note: 'Conference' } });
    expect(off.json().kept.map((k: { id: number }) => k.id)).toEqual([day3[0]!.id]);
    // Part-day time off at the other clinic leaves this one alone.
    const elsewhere = await addRule(p, {
      kind: 'time_off',
      providerRegion: 'uk',
      hospital_id: p.clinics[1]!.id,
      from_date: dayIn(LONDON, 5),
      until_date: dayIn(LONDON, 5),
      blocks: [{ start_time: '09:00', end_time: '10:00' }],
    });
    expect(elsewhere.json().removed).toBe(0);
    const back = await call(p, 'DELETE', `/provider/availability-rules/${p.id}/${off.json().rule.id}/?providerRegion=uk`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().created).toBe(11);
    expect((await openSlotsOf(t.app, p.id)).length).toBe(slots.length);
    // New weekly hours do not fill days under time off.
    const partDay = await addRule(p, {
      kind: 'time_off',
      providerRegion: 'uk',
      hospital_id: p.clinics[0]!.id,
      from_date: dayIn(LONDON, 20),
      until_date: dayIn(LONDON, 20),
      blocks: [{ start_time: '09:00', end_time: '10:00' }],
    });
    expect(partDay.statusCode).toBe(201);
    await addRule(
      p,
      weekly(p, { from_date: dayIn(LONDON, 20), until_date: dayIn(LONDON, 20), blocks: [{ start_time: '08:00', end_time: '11:00' }] }),
    );
    const day20 = (await openSlotsOf(t.app, p.id)).filter((s) => localTimes([s])[0]!.startsWith(dayIn(LONDON, 20)));
    expect(localTimes(day20).map((s) => s.slice(11))).toEqual(['08:00', '08:30', '10:00', '10:30']);
  });

  it('withdraws a free slot (never made again); a held or booked one answers 409 with the text', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await addRule(p, weekly(p, { until_date: dayIn(LONDON, 3) }));
    const [free, booked] = await openSlotsOf(t.app, p.id);
    await bookSlot(t.app, booked!);
    const ok = await call(p, 'DELETE', `/provider/availability/${p.id}/${free!.id}/?providerRegion=uk`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: true, id: free!.id, slot_status: 'Withdrawn' });
    expect((await call(p, 'DELETE', `/provider/availability/${p.id}/${free!.id}/?providerRegion=uk`)).statusCode).toBe(200);
    const no = await call(p, 'DELETE', `/provider/availability/${p.id}/${booked!.id}/?providerRegion=uk`);
    expect(no.statusCode).toBe(409);
    expect(no.json().message).toBe('This slot is booked: cancel the appointment instead.');
    const row = (await list(p, '&status=Withdrawn')).availabilities[0]!;
    expect(row).toMatchObject({ id: free!.id, status: 'Withdrawn' });
    // Not the provider's slot: not found.
    const other = await newProvider(t.app, { clinics: 1 });
    expect((await call(other, 'DELETE', `/provider/availability/${other.id}/${booked!.id}/?providerRegion=uk`)).statusCode).toBe(404);
    // The roll-forward never makes a withdrawn slot again, and a settings change keeps it withdrawn.
    await t.app.availability.rollForward(new Date(Date.now() + 2 * 86_400_000));
    const settings = await call(p, 'PATCH', `/provider/availability-settings/${p.id}/`, { providerRegion: 'uk', buffer_minutes: 0 });
    expect(settings.statusCode, settings.body).toBe(200);
    const [row2] = await t.app.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, free!.id));
    expect(row2!.status).toBe('withdrawn');
    const sameTime = await t.app.db
      .select()
      .from(availabilitySlots)
      .where(and(eq(availabilitySlots.provider_id, p.id), eq(availabilitySlots.starts_at, free!.starts_at)));
    expect(sameTime).toHaveLength(1);
  });
});

describe('settings and the daily roll-forward', () => {
  it('slot length, buffer and notice regenerate free slots; defaults are 2 h notice and 90 days', async () => {
    const p = await newProvider(t.app, { clinics: 1, consultationMinutes: 20 });
    const get = await call(p, 'GET', `/provider/availability-settings/${p.id}/?providerRegion=uk`);
    expect(get.json().settings).toEqual({
      slot_minutes: null,
      consultation_minutes: 20,
      buffer_minutes: 0,
      min_notice_minutes: 120,
      horizon_days: 90,
    });
    await addRule(p, weekly(p, { until_date: dayIn(LONDON, 2), blocks: [{ start_time: '09:00', end_time: '10:00' }] }));
    expect((await openSlotsOf(t.app, p.id)).length).toBe(2 * 3);
    const res = await call(p, 'PATCH', `/provider/availability-settings/${p.id}/`, {
      providerRegion: 'uk',
      slot_minutes: 15,
      buffer_minutes: 5,
      min_notice_minutes: 1440,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({ slot_minutes: 15, buffer_minutes: 5, min_notice_minutes: 1440 });
    const slots = await openSlotsOf(t.app, p.id);
    expect(new Set(localTimes(slots).map((s) => s.slice(11)))).toEqual(new Set(['09:00', '09:20', '09:40']));
    expect(slots.every((s) => s.starts_at.getTime() - s.book_by!.getTime() === 24 * 3600_000)).toBe(true);
    const bad = await call(p, 'PATCH', `/provider/availability-settings/${p.id}/`, {
      providerRegion: 'uk',
      horizon_days: 0,
      buffer_minutes: -5,
    });
    expect(bad.statusCode).toBe(400);
    // Back to the consultation length.
    const reset = await call(p, 'PATCH', `/provider/availability-settings/${p.id}/`, {
      providerRegion: 'uk',
      slot_minutes: null,
      buffer_minutes: '',
    });
    expect(reset.json().settings).toMatchObject({ slot_minutes: null, buffer_minutes: 5 });
  });

  it('rolls weekly rules forward day by day so the horizon is always covered', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await call(p, 'PATCH', `/provider/availability-settings/${p.id}/`, { providerRegion: 'uk', horizon_days: 7 });
    await addRule(p, weekly(p, { from_date: dayIn(LONDON, 0) }));
    const last = async () =>
      localTimes(await openSlotsOf(t.app, p.id))
        .at(-1)!
        .slice(0, 10);
    expect(await last()).toBe(dayIn(LONDON, 7));
    await t.app.availability.rollForward(new Date(Date.now() + 3 * 86_400_000));
    expect(await last()).toBe(dayIn(LONDON, 10));
    const count = (await openSlotsOf(t.app, p.id)).length;
    // Running again the same day, or twice at once, makes nothing new.
    await Promise.all([
      t.app.availability.rollForward(new Date(Date.now() + 3 * 86_400_000)),
      t.app.availability.rollForward(new Date(Date.now() + 3 * 86_400_000)),
    ]);
    expect((await openSlotsOf(t.app, p.id)).length).toBe(count);
    const [rule] = await t.app.db.select().from(availabilityRules).where(eq(availabilityRules.provider_id, p.id));
    expect(rule!.generated_until).toBe(dayIn(LONDON, 10));
  });

  it('the seed publishes its demo availability as rules, so the roll-forward keeps it going', async () => {
    const counts = await t.app.db
      .execute(sql`select count(*)::int as rules, count(distinct provider_id)::int as providers from availability_rules r
      join providers p on p.id = r.provider_id where p.last_name not like 'Provider %'`);
    const row = rowsOf<{ rules: number; providers: number }>(counts)[0]!;
    expect(row.providers).toBe(8);
    const ruleSlots = await t.app.db
      .execute(sql`select count(*)::int as n from availability_slots s join providers p on p.id = s.provider_id
      where s.rule_id is null and p.last_name not like 'Provider %'`);
    expect(rowsOf<{ n: number }>(ruleSlots)[0]!.n).toBe(0);
  });
});

describe('bad input gets a clear 400', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['no weekdays', { weekdays: [] }, /at least one weekday/],
    ['a weekday of 8', { weekdays: [8] }, /Monday 1 to Sunday 7/],
    ['a weekday twice', { weekdays: [1, 1] }, /each weekday once/],
    ['a time in 12-hour form', { blocks: [{ start_time: '9:00 AM', end_time: '12:00' }] }, /like 09:00/],
    ['an end before the start', { blocks: [{ start_time: '12:00', end_time: '09:00' }] }, /end time must be after/],
    [
      'overlapping blocks',
      {
        blocks: [
          { start_time: '09:00', end_time: '12:00' },
          { start_time: '11:00', end_time: '13:00' },
        ],
      },
      /must not overlap/,
    ],
    ['a block shorter than a slot', { blocks: [{ start_time: '09:00', end_time: '09:20' }] }, /shorter than one 30-minute slot/],
    ['a date that does not exist', { from_date: '2027-02-30' }, /real date/],
    ['an until before from', { from_date: '2027-06-10', until_date: '2027-06-01' }, /must not be before/],
    ['an until already past', { from_date: '2020-01-01', until_date: '2020-02-01' }, /already passed/],
    ['someone else’s clinic', { hospital_id: '00000000-0000-4000-8000-000000000000' }, /not one of yours/],
    ['a slot of 2 minutes', { slot_minutes: 2 }, /at least 5 minutes/],
    ['an unknown kind', { kind: 'monthly' }, /weekly' or 'time_off/],
  ];
  for (const [what, over, message] of cases) {
    it(what, async () => {
      const p = await newProvider(t.app, { clinics: 1 });
      const res = await addRule(p, weekly(p, over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    });
  }

  it('one-off dates: today up to 18 months ahead', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const oneOff = (date: string) =>
      call(p, 'POST', `/provider/availability/${p.id}/`, {
        providerRegion: 'uk',
        hospital_id: p.clinics[0]!.id,
        date,
        start_time: '09:00',
        end_time: '10:00',
      });
    expect((await oneOff(dayIn(LONDON, -1))).json().message).toMatch(/today or a later date/);
    expect((await oneOff(DateTime.fromISO(dayIn(LONDON, 0)).plus({ months: 18, days: 1 }).toISODate()!)).json().message).toMatch(
      /18 months/,
    );
    expect((await oneOff(DateTime.fromISO(dayIn(LONDON, 0)).plus({ months: 18 }).toISODate()!)).statusCode).toBe(201);
  });

  it('previews what weekly hours would create and what they clash with, saving nothing', async () => {
    const p = await newProvider(t.app, { clinics: 2 });
    await addRule(p, weekly(p, { weekdays: [1] }));
    const before = (await openSlotsOf(t.app, p.id)).length;
    const res = await call(p, 'POST', `/provider/availability-preview/${p.id}/`, {
      ...weekly(p, { hospital_id: p.clinics[1]!.id, weekdays: [1, 2], blocks: [{ start_time: '11:00', end_time: '13:00' }] }),
      kind: 'weekly',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.total).toBeGreaterThan(20);
    expect(preview.slots[0]).toMatchObject({ hospital_name: p.clinics[1]!.name });
    expect(preview.conflicts.length).toBeGreaterThan(0);
    expect(preview.conflicts[0]).toMatchObject({ start_time: '11:00 AM', hospital_name: p.clinics[0]!.name });
    expect(preview.generated_until).toBe(dayIn(LONDON, 90));
    expect((await openSlotsOf(t.app, p.id)).length).toBe(before);
  });
});
