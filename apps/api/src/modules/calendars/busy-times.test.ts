/** Busy times read from iCalendar documents by ical.js: recurrences, exceptions, zones, all-day, what does not count. */
import { describe, expect, it } from 'vitest';
import { busyPeriodsFromText, NOT_ICALENDAR } from './busy-times';

const ics = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', `DTSTAMP:20260101T000000Z`, ...lines, 'END:VEVENT'].join('\r\n');
const window = { from: new Date('2027-01-01T00:00:00Z'), until: new Date('2027-12-31T00:00:00Z'), zone: 'Europe/London' };
const iso = (periods: { starts_at: Date; ends_at: Date }[]) => periods.map((p) => [p.starts_at.toISOString(), p.ends_at.toISOString()]);

const NEW_YORK_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

describe('busy times from an iCalendar document', () => {
  it('expands a weekly series across the New York clock change, without its EXDATE and with its RECURRENCE-ID moved', () => {
    const text = ics(
      NEW_YORK_ZONE,
      event(
        'UID:weekly@test',
        'DTSTART;TZID=America/New_York:20270301T100000',
        'DTEND;TZID=America/New_York:20270301T110000',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE;TZID=America/New_York:20270308T100000',
      ),
      // The 22 March meeting moved to 14:00 that day.
      event(
        'UID:weekly@test',
        'RECURRENCE-ID;TZID=America/New_York:20270322T100000',
        'DTSTART;TZID=America/New_York:20270322T140000',
        'DTEND;TZID=America/New_York:20270322T150000',
      ),
    );
    expect(iso(busyPeriodsFromText(text, window))).toEqual([
      ['2027-03-01T15:00:00.000Z', '2027-03-01T16:00:00.000Z'], // EST, UTC−5
      ['2027-03-15T14:00:00.000Z', '2027-03-15T15:00:00.000Z'], // EDT from 14 March, UTC−4
      ['2027-03-22T18:00:00.000Z', '2027-03-22T19:00:00.000Z'], // the moved one
    ]);
  });

  it('reads a London series across the last Sunday of March with the zone named but not defined in the document', () => {
    const text = ics(
      event(
        'UID:london@test',
        'DTSTART;TZID=Europe/London:20270322T090000',
        'DTEND;TZID=Europe/London:20270322T093000',
        'RRULE:FREQ=DAILY;INTERVAL=7;UNTIL=20270405T235959Z',
      ),
    );
    expect(iso(busyPeriodsFromText(text, window))).toEqual([
      ['2027-03-22T09:00:00.000Z', '2027-03-22T09:30:00.000Z'],
      ['2027-03-29T08:00:00.000Z', '2027-03-29T08:30:00.000Z'],
      ['2027-04-05T08:00:00.000Z', '2027-04-05T08:30:00.000Z'],
    ]);
  });

  it('blocks whole days for all-day events in the provider zone, and reads floating times there too', () => {
    const text = ics(
      event('UID:leave@test', 'DTSTART;VALUE=DATE:20270705', 'DTEND;VALUE=DATE:20270707'),
      event('UID:one-day@test', 'DTSTART;VALUE=DATE:20270101'),
      event('UID:floating@test', 'DTSTART:20270710T120000', 'DTEND:20270710T130000'),
    );
    const periods = busyPeriodsFromText(text, window);
    expect(iso(periods)).toEqual([
      ['2027-01-01T00:00:00.000Z', '2027-01-02T00:00:00.000Z'],
      ['2027-07-04T23:00:00.000Z', '2027-07-06T23:00:00.000Z'], // BST midnight to midnight, two days
      ['2027-07-10T11:00:00.000Z', '2027-07-10T12:00:00.000Z'],
    ]);
    expect(periods.map((p) => p.all_day)).toEqual([true, true, false]);
    const newYork = busyPeriodsFromText(text, { ...window, zone: 'America/New_York' });
    expect(iso(newYork)[1]).toEqual(['2027-07-05T04:00:00.000Z', '2027-07-07T04:00:00.000Z']);
  });

  it('leaves out transparent and cancelled events, cancelled occurrences, zero-length ones and what is outside the window', () => {
    const text = ics(
      event('UID:free@test', 'DTSTART:20270201T100000Z', 'DTEND:20270201T110000Z', 'TRANSP:TRANSPARENT'),
      event('UID:off@test', 'DTSTART:20270202T100000Z', 'DTEND:20270202T110000Z', 'STATUS:CANCELLED'),
      event('UID:point@test', 'DTSTART:20270203T100000Z'),
      event('UID:old@test', 'DTSTART:20261201T100000Z', 'DTEND:20261201T110000Z'),
      event('UID:series@test', 'DTSTART:20270301T100000Z', 'DTEND:20270301T110000Z', 'RRULE:FREQ=DAILY;COUNT=3'),
      event('UID:series@test', 'RECURRENCE-ID:20270302T100000Z', 'DTSTART:20270302T100000Z', 'DTEND:20270302T110000Z', 'STATUS:CANCELLED'),
      event('UID:kept@test', 'DTSTART:20270204T100000Z', 'DURATION:PT45M'),
    );
    expect(iso(busyPeriodsFromText(text, window))).toEqual([
      ['2027-02-04T10:00:00.000Z', '2027-02-04T10:45:00.000Z'],
      ['2027-03-01T10:00:00.000Z', '2027-03-01T11:00:00.000Z'],
      ['2027-03-03T10:00:00.000Z', '2027-03-03T11:00:00.000Z'],
    ]);
  });

  it('stops an endless series at the end of the window', () => {
    const text = ics(event('UID:forever@test', 'DTSTART:20200106T090000Z', 'DTEND:20200106T100000Z', 'RRULE:FREQ=WEEKLY'));
    const periods = busyPeriodsFromText(text, window);
    expect(periods.length).toBe(52);
    expect(periods.every((p) => p.starts_at >= window.from && p.starts_at < window.until)).toBe(true);
  });

  it('refuses what is not iCalendar with a sentence for people', () => {
    for (const text of ['<html><body>Sign in</body></html>', '', 'BEGIN:VCALENDAR\r\nthis is : not ; right\r\n\u0000']) {
      expect(() => busyPeriodsFromText(text, window)).toThrow(NOT_ICALENDAR);
    }
  });
});
