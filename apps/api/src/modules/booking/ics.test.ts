import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, icsDateTime, parseMailbox } from './ics';

const base = {
  uid: 'b1c2@careslot',
  sequence: 0,
  method: 'REQUEST' as const,
  start: new Date('2027-03-03T09:00:00Z'),
  end: new Date('2027-03-03T09:30:00Z'),
  summary: 'Appointment with Dr Ada Lovelace',
  description: 'Dr Ada Lovelace at St Mary, Room 2.\nBring your letter; arrive early.',
  location: 'St Mary Hospital, Praed Street, London, W2 1NY',
  geo: { latitude: 51.5171, longitude: -0.1746 },
  organizer: { name: 'CareSlot', email: 'no-reply@careslot.example' },
  attendee: { name: 'Alex Morgan', email: 'patient@careslot.test' },
  now: new Date('2027-01-01T12:00:00Z'),
};

describe('ics', () => {
  it('writes UTC instants', () => {
    expect(icsDateTime(new Date('2027-03-03T09:05:07.123Z'))).toBe('20270303T090507Z');
  });

  it('escapes TEXT values', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds long lines at 75 octets without splitting characters', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((p, i) => (i ? p.slice(1) : p))
        .join(''),
    ).toBe(line);
  });

  it('builds a REQUEST with a stable UID, CRLF lines and the organizer', () => {
    const ics = buildIcs(base);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').every((l) => !l.includes('\n'))).toBe(true);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('METHOD:REQUEST');
    expect(unfolded).toContain('UID:b1c2@careslot');
    expect(unfolded).toContain('SEQUENCE:0');
    expect(unfolded).toContain('DTSTART:20270303T090000Z');
    expect(unfolded).toContain('DTEND:20270303T093000Z');
    expect(unfolded).toContain('DTSTAMP:20270101T120000Z');
    expect(unfolded).toContain('ORGANIZER;CN="CareSlot":mailto:no-reply@careslot.example');
    expect(unfolded).toContain('STATUS:CONFIRMED');
    expect(unfolded).toContain('GEO:51.517100;-0.174600');
    expect(unfolded).toContain('DESCRIPTION:Dr Ada Lovelace at St Mary\\, Room 2.\\nBring your letter\\; arrive early.');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('builds a CANCEL with the same UID and a higher SEQUENCE', () => {
    const unfolded = buildIcs({ ...base, method: 'CANCEL', sequence: 1 }).replace(/\r\n /g, '');
    expect(unfolded).toContain('METHOD:CANCEL');
    expect(unfolded).toContain('UID:b1c2@careslot');
    expect(unfolded).toContain('SEQUENCE:1');
    expect(unfolded).toContain('STATUS:CANCELLED');
    expect(unfolded).not.toContain('VALARM');
  });

  it('reads the organizer from MAIL_FROM', () => {
    expect(parseMailbox('CareSlot <no-reply@careslot.example>')).toEqual({ name: 'CareSlot', email: 'no-reply@careslot.example' });
    expect(parseMailbox('"Care Slot" <a@b.c>')).toEqual({ name: 'Care Slot', email: 'a@b.c' });
    expect(parseMailbox('a@b.c')).toEqual({ name: 'CareSlot', email: 'a@b.c' });
  });
});
