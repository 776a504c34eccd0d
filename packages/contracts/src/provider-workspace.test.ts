import { describe, expect, it } from 'vitest';
import { isRealIsoDate, minutesOfDay, overlappingBlock, weeklyRuleSchema } from './availability';
import { bankFieldErrors, formatSortCode, isValidRoutingNumber } from './bank-accounts';
import { parseAmountText } from './provider-workspace';

describe('workspace rules shared by the screens and the API', () => {
  it('reads fees in major units', () => {
    expect(parseAmountText('62')).toBe(6200);
    expect(parseAmountText('62.5')).toBe(6250);
    expect(parseAmountText(' 62.50 ')).toBe(6250);
    expect(parseAmountText('0')).toBe(0);
    expect(parseAmountText('10000')).toBe(1_000_000);
    for (const bad of ['', '62.555', '-5', '1e3', '£62', '10000.01', '62,50']) expect(parseAmountText(bad), bad).toBeNull();
  });

  it('times and dates', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('24:00')).toBe(1440);
    expect(isRealIsoDate('2028-02-29')).toBe(true);
    expect(isRealIsoDate('2027-02-29')).toBe(false);
    expect(isRealIsoDate('2027-2-1')).toBe(false);
  });

  it('blocks of a day must not overlap; touching is fine', () => {
    expect(
      overlappingBlock([
        { start_time: '09:00', end_time: '12:00' },
        { start_time: '12:00', end_time: '13:00' },
      ]),
    ).toBe(-1);
    expect(
      overlappingBlock([
        { start_time: '13:00', end_time: '15:00' },
        { start_time: '09:00', end_time: '13:30' },
      ]),
    ).toBe(0);
  });

  it('a weekly rule: weekdays 1–7 once each, 24-hour blocks, the last day not before the first; empty means absent', () => {
    const base = {
      providerRegion: 'uk',
      hospital_id: '2f1b8c1e-6a57-4d35-9f64-4a5b0c6a1e11',
      weekdays: [1, 3],
      blocks: [{ start_time: '09:00', end_time: '12:00' }],
      from_date: '2027-03-01',
    };
    expect(weeklyRuleSchema.safeParse({ ...base, until_date: '', slot_minutes: '' }).success).toBe(true);
    expect(weeklyRuleSchema.safeParse({ ...base, until_date: '2027-02-01' }).error?.issues[0]?.message).toBe(
      'The last day must not be before the first day.',
    );
    expect(weeklyRuleSchema.safeParse({ ...base, blocks: [{ start_time: '09:00', end_time: '24:00' }] }).success).toBe(true);
    expect(weeklyRuleSchema.safeParse({ ...base, blocks: [{ start_time: '24:00', end_time: '24:00' }] }).success).toBe(false);
  });

  it('bank fields: the mask-free checks the form shares with the server', () => {
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(formatSortCode('12-34-56')).toBe('12-34-56');
    expect(bankFieldErrors('uk', { name: 'Ann Lee', sort_code: '12 34 56', account_number: '1234 5678' })).toEqual({});
  });
});
