import { describe, expect, it } from 'vitest';
import {
  DATE_TEXT,
  addDaysToIso,
  dayInZone,
  formatDateText,
  formatOrdinalDate,
  ordinal,
  parseDateText,
  todayAtClinics,
  toTwelveHour,
  toTwentyFourHour,
} from './time';

describe('toTwentyFourHour', () => {
  it.each([
    ['12:00 AM', '00:00'],
    ['12:30 AM', '00:30'],
    ['1:05 AM', '01:05'],
    ['9:00 AM', '09:00'],
    ['11:59 AM', '11:59'],
    ['12:00 PM', '12:00'],
    ['12:45 PM', '12:45'],
    ['1:00 PM', '13:00'],
    ['6:15 PM', '18:15'],
    ['11:59 PM', '23:59'],
    ['09:30 am', '09:30'],
    ['2:30pm', '14:30'],
    ['  3:00 Pm  ', '15:00'],
  ])('%s → %s', (input, output) => {
    expect(toTwentyFourHour(input)).toBe(output);
  });

  it.each(['', '13:00 PM', '0:30 AM', '12:60 PM', '9 AM', '9:5 AM', '09:30', 'noon', '9:30 XM', '10:00 AM extra', '-1:00 PM'])(
    'rejects malformed %j with null',
    (input) => {
      expect(toTwentyFourHour(input)).toBeNull();
    },
  );
});

describe('toTwelveHour', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:30', '12:30 AM'],
    ['09:05', '9:05 AM'],
    ['12:00', '12:00 PM'],
    ['13:15', '1:15 PM'],
    ['23:59', '11:59 PM'],
  ])('%s → %s', (input, output) => {
    expect(toTwelveHour(input)).toBe(output);
  });

  it.each(['24:00', '12:60', '9:00', '9:00 AM', ''])('rejects %j with null', (input) => {
    expect(toTwelveHour(input)).toBeNull();
  });

  it('round-trips every minute of the day', () => {
    for (let h = 0; h < 24; h++) {
      for (let m = 0; m < 60; m++) {
        const t = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(toTwentyFourHour(toTwelveHour(t)!)).toBe(t);
      }
    }
  });
});

describe('booking date text', () => {
  it('parses day/month/year', () => {
    expect(parseDateText('03/03/2027')).toEqual({ day: 3, month: 3, year: 2027 });
    expect(parseDateText('29/02/2028')).toEqual({ day: 29, month: 2, year: 2028 });
    expect(DATE_TEXT.test('31/12/2026')).toBe(true);
  });

  it.each(['29/02/2027', '31/04/2026', '00/01/2026', '01/13/2026', '1/1/2026', '2026-01-01', ''])('rejects %j', (text) => {
    expect(parseDateText(text)).toBeNull();
  });

  it('formats with leading zeros', () => {
    expect(formatDateText(2026, 1, 5)).toBe('05/01/2026');
    expect(formatDateText(2026, 12, 31)).toBe('31/12/2026');
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
  ])('%d → %s', (n, text) => {
    expect(ordinal(n)).toBe(text);
  });
});

describe('formatOrdinalDate', () => {
  it.each([
    ['03/03/2027', '3rd March 2027'],
    ['01/01/2026', '1st January 2026'],
    ['22/11/2026', '22nd November 2026'],
    ['11/12/2026', '11th December 2026'],
    ['31/07/2026', '31st July 2026'],
    ['01/01/2027', '1st January 2027'],
    ['02/02/2027', '2nd February 2027'],
    ['11/11/2027', '11th November 2027'],
    ['12/12/2027', '12th December 2027'],
    ['13/06/2027', '13th June 2027'],
    ['21/06/2027', '21st June 2027'],
    ['22/06/2027', '22nd June 2027'],
    ['23/06/2027', '23rd June 2027'],
    ['31/07/2027', '31st July 2027'],
  ])('%s → %s', (text, formatted) => {
    expect(formatOrdinalDate(text)).toBe(formatted);
  });

  it('returns null for an impossible date', () => {
    expect(formatOrdinalDate('30/02/2026')).toBeNull();
    expect(formatOrdinalDate('not a date')).toBeNull();
  });
});

describe('days at the clinic, never in UTC', () => {
  it('23:30 in New York is still that day there (UTC is on the next)', () => {
    const at = new Date('2026-11-10T04:30:00Z');
    expect(dayInZone('America/New_York', at)).toBe('2026-11-09');
    expect(todayAtClinics(['America/New_York'], at)).toBe('2026-11-09');
  });

  it('00:30 in a London summer is the next day there (UTC is still on the day before)', () => {
    const at = new Date('2026-06-09T23:30:00Z');
    expect(todayAtClinics(['Europe/London'], at)).toBe('2026-06-10');
  });

  it('takes the last of several clinics to reach midnight; none gives null', () => {
    const at = new Date('2026-11-10T05:30:00Z'); // 00:30 in New York, 21:30 the day before in Los Angeles
    expect(todayAtClinics(['America/New_York', 'America/Los_Angeles'], at)).toBe('2026-11-09');
    expect(todayAtClinics([], at)).toBeNull();
  });

  it('adds whole days across month and year ends', () => {
    expect(addDaysToIso('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDaysToIso('2028-02-28', 1)).toBe('2028-02-29');
  });
});
