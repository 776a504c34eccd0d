import { createHash, randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Queryable } from '../../db/client';
import { hospitalLocation } from '../../lib/hospital-location';
import { clinicZones, feedBookings, type FeedBooking } from './calendars.repository';

/**
 * The private subscription feed of a provider's bookings (docs/calendars.md, "The private feed"). ical.js writes every
 * line (escaping, folding); timezones-ical-library gives each clinic zone's VTIMEZONE, so calendar apps place the
 * times right in the DST weeks of both countries whatever their own zone.
 */

/** 32 random bytes (256 bits), URL-safe: 43 characters. */
export const newFeedToken = () => randomBytes(32).toString('base64url');
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Only this is stored: a leaked database does not give anyone a working link. */
export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The feed shows bookings from this many days back. */
export const FEED_DAYS_BACK = 30;

const VISIT_LABEL: Record<string, string> = { first_visit: 'First visit', follow_up: 'Follow-up visit' };
const CANCELLED = new Set(['Cancelled by Patient', 'Cancelled by Doctor']);

/** A zone's VTIMEZONE as an ical.js component, or undefined for a name the library does not know. */
function vtimezone(zone: string): ICAL.Component | undefined {
  const found = tzlib_get_ical_block(zone);
  const block = Array.isArray(found) ? found[0] : undefined;
  if (!block?.startsWith('BEGIN:VTIMEZONE')) return undefined;
  return new ICAL.Component(ICAL.parse(block) as unknown[]);
}

export interface FeedDocument {
  body: string;
  etag: string;
  lastModified: Date;
}

function utc(d: Date): ICAL.Time {
  return ICAL.Time.fromJSDate(d, true);
}

function addEvent(cal: ICAL.Component, b: FeedBooking, zones: Map<string, ICAL.Timezone>, showConcern: boolean): void {
  const ev = new ICAL.Component('vevent');
  const cancelled = CANCELLED.has(b.status);
  ev.updatePropertyWithValue('uid', b.ics_uid);
  ev.updatePropertyWithValue('sequence', b.ics_sequence);
  // DTSTAMP is when the booking last changed, not now: the same bookings give the same bytes (and ETag).
  ev.updatePropertyWithValue('dtstamp', utc(b.updated_at));
  ev.updatePropertyWithValue('created', utc(b.created_at));
  ev.updatePropertyWithValue('last-modified', utc(b.updated_at));
  const tz = zones.get(b.time_zone);
  for (const [name, at] of [
    ['dtstart', b.starts_at],
    ['dtend', b.ends_at],
  ] as const) {
    if (tz) ev.updatePropertyWithValue(name, utc(at).convertToZone(tz)).setParameter('tzid', tz.tzid);
    else ev.updatePropertyWithValue(name, utc(at));
  }
  const who = b.patient_first_name?.trim() || 'Patient';
  const visit = VISIT_LABEL[b.type_of_visit] ?? 'Appointment';
  ev.updatePropertyWithValue('summary', `${cancelled ? 'Cancelled: ' : ''}${who} · ${visit}`);
  ev.updatePropertyWithValue('location', `${b.hospital_name}, ${hospitalLocation(b)}`);
  const lines = [`${visit} with ${who}, booked through CareSlot.`];
  if (showConcern && b.purpose_for_visit.trim()) lines.push(`Reason given: ${b.purpose_for_visit.trim()}`);
  if (cancelled) lines.push(b.status === 'Cancelled by Patient' ? 'Cancelled by the patient.' : 'Cancelled by you.');
  ev.updatePropertyWithValue('description', lines.join('\n'));
  ev.updatePropertyWithValue('status', cancelled ? 'CANCELLED' : 'CONFIRMED');
  ev.updatePropertyWithValue('transp', cancelled ? 'TRANSPARENT' : 'OPAQUE');
  cal.addSubcomponent(ev);
}

/** The feed as calendar apps read it, for bookings already loaded. */
export function renderFeed(bookings: FeedBooking[], extraZones: string[], showConcern: boolean, created: Date): FeedDocument {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', '-//CareSlot//Bookings feed//EN');
  cal.updatePropertyWithValue('version', '2.0');
  cal.updatePropertyWithValue('calscale', 'GREGORIAN');
  cal.updatePropertyWithValue('method', 'PUBLISH');
  cal.updatePropertyWithValue('x-wr-calname', 'CareSlot bookings');
  // Calendar apps that honour these look again every 15 minutes.
  cal.updatePropertyWithValue('refresh-interval', ICAL.Duration.fromString('PT15M')).setParameter('value', 'DURATION');
  cal.updatePropertyWithValue('x-published-ttl', 'PT15M');

  const zones = new Map<string, ICAL.Timezone>();
  for (const zone of [...new Set([...extraZones, ...bookings.map((b) => b.time_zone)])].sort()) {
    const component = vtimezone(zone);
    if (!component) continue;
    cal.addSubcomponent(component);
    zones.set(zone, new ICAL.Timezone(component));
  }
  if (zones.size > 0) cal.updatePropertyWithValue('x-wr-timezone', [...zones.keys()][0]!);
  for (const b of bookings) addEvent(cal, b, zones, showConcern);

  const body = cal.toString() + '\r\n';
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  const lastModified = new Date(Math.max(created.getTime(), ...bookings.map((b) => b.updated_at.getTime())));
  lastModified.setMilliseconds(0);
  return { body, etag, lastModified };
}

/** The provider's feed now: bookings from 30 days back on, in their clinics' zones. */
export async function buildFeed(
  db: Queryable,
  feed: { provider_id: string; show_concern: boolean; createdAt: Date },
  now: Date = new Date(),
): Promise<FeedDocument> {
  const from = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
  const bookings = await feedBookings(db, feed.provider_id, from);
  return renderFeed(bookings, await clinicZones(db, feed.provider_id), feed.show_concern, feed.createdAt);
}

/**
 * Whether the client's copy is current (304): If-None-Match decides when sent (any listed tag, or *), otherwise
 * If-Modified-Since (HTTP dates have whole seconds).
 */
export function isNotModified(doc: FeedDocument, ifNoneMatch: string | undefined, ifModifiedSince: string | undefined): boolean {
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(doc.etag);
  }
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && doc.lastModified.getTime() <= since;
  }
  return false;
}
