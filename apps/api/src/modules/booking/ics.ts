/**
 * RFC 5545 calendar invitations for bookings, written by hand (small, exact, no dependency).
 * Times are UTC instants ("…Z"), which every calendar shows in its own zone, so no VTIMEZONE is needed;
 * the hospital's zone is named in the description for people.
 */

export interface IcsEvent {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  geo?: { latitude: number; longitude: number };
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** DTSTAMP; fixed in tests. */
  now?: Date;
}

/** 2027-03-03T09:00:00.000Z → 20270303T090000Z */
export function icsDateTime(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT escaping of RFC 5545 §3.3.11. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const quoteParam = (s: string) => `"${s.replace(/"/g, "'")}"`;

export function buildIcs(e: IcsEvent): string {
  const cancel = e.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CareSlot Health Ltd//CareSlot booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsDateTime(e.now ?? new Date())}`,
    `DTSTART:${icsDateTime(e.start)}`,
    `DTEND:${icsDateTime(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `LOCATION:${escapeText(e.location)}`,
    ...(e.geo ? [`GEO:${e.geo.latitude.toFixed(6)};${e.geo.longitude.toFixed(6)}`] : []),
    `ORGANIZER;CN=${quoteParam(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;CN=${quoteParam(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${cancel ? 'DECLINED' : 'ACCEPTED'};RSVP=FALSE:mailto:${e.attendee.email}`,
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    ...(cancel ? [] : ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Appointment reminder', 'TRIGGER:-PT1H', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** 'CareSlot <no-reply@careslot.example>' → { name: 'CareSlot', email: 'no-reply@careslot.example' } */
export function parseMailbox(from: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (m) return { name: m[1]!.trim() || 'CareSlot', email: m[2]!.trim() };
  return { name: 'CareSlot', email: from.trim() };
}
