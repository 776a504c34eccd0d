import { DateTime } from 'luxon';
import { formatAmount } from '@careslot/contracts/money';
import type { DoctorResponse, ProviderDetails, ProviderSlot } from '@careslot/contracts/providers';
import { MAX_SLOT_RANGE_DAYS, PROFILE_AVAILABILITY_DAYS } from '@careslot/contracts/providers';
import type { HospitalDetail } from '@careslot/contracts/search';
import { parseDateText, toTwentyFourHour } from '@careslot/contracts/time';
import type { Queryable } from '../../db/client';
import type { HospitalPlace } from '../../db/schema/providers';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { listSlots, loadProviderHospitals, loadProviders, type ProviderHospitalRecord, type ProviderRecord } from './providers.repository';
import { describeSlot, isHeldBy, startsAtLocal } from '../availability/availability.service';
import { hospitalLocation } from '../../lib/hospital-location';

export const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;

export function toHospitalDetail(h: HospitalPlace): HospitalDetail {
  return {
    hospital_id: h.id,
    hospital_name: h.name,
    hospital_location: hospitalLocation(h),
    address: h.address,
    city: h.city,
    postcode: h.postcode,
    latitude: h.latitude,
    longitude: h.longitude,
    time_zone: h.time_zone,
  };
}

const notFound = () => new NotFoundError('We could not find that provider.');

/**
 * A provider of the region that the public may see: verified ones only (unverified providers are still being
 * checked and never appear in search). Unbookable ones are shown, marked as not taking bookings.
 */
export async function loadPublicProvider(db: Queryable, id: string, region: string) {
  const [p] = await loadProviders(db, [id]);
  if (!p || p.region !== region || p.verification_status !== 'Verified') throw notFound();
  const hospitals = await loadProviderHospitals(db, [id]);
  return { provider: p, hospitals };
}

/**
 * The signed-in provider's own record for a workspace call, verified or not. The call's region must be the provider's
 * (a provider works in one region): anything else is refused rather than silently answered for the other region.
 */
export async function ownProvider(db: Queryable, providerId: string, region: string | undefined) {
  const [p] = await loadProviders(db, [providerId]);
  if (!p) throw notFound();
  if (region !== undefined && p.region !== region) throw new ForbiddenError('This provider account belongs to another region.');
  return p;
}

/** A verified provider's name, qualifications and photo (any region). */
export async function publicDoctor(db: Queryable, id: string): Promise<DoctorResponse['data']> {
  const [p] = await loadProviders(db, [id]);
  if (!p || p.verification_status !== 'Verified') throw notFound();
  return {
    _id: p.id,
    name: fullName(p),
    first_name: p.first_name,
    last_name: p.last_name,
    qualifications: p.qualifications,
    profile_image: p.profile_image,
    speciality: p.speciality_name ?? null,
    region: p.region as 'uk' | 'usa',
  };
}

export function toProviderDetails(p: ProviderRecord, hospitals: ProviderHospitalRecord[]): ProviderDetails {
  return {
    _id: p.id,
    id: p.id,
    region: p.region as 'uk' | 'usa',
    first_name: p.first_name,
    last_name: p.last_name,
    name: fullName(p),
    registed_with: { professional_body_name: p.professional_body_name, membership_number: p.membership_number },
    verification_status: p.verification_status,
    verified: p.verification_status === 'Verified',
    bookable: p.bookable,
    profile_image: p.profile_image,
    speciality: p.speciality_name ?? null,
    speciality_slug: p.speciality_slug ?? null,
    qualifications: p.qualifications,
    hospital_details: hospitals.map(toHospitalDetail),
    amount: formatAmount(p.amount_minor),
    follow_amount: formatAmount(p.follow_amount_minor),
    amount_minor: p.amount_minor,
    follow_amount_minor: p.follow_amount_minor,
    currency: p.currency,
    consultationTime: p.consultation_minutes,
    about: p.bio,
    languages: p.languages,
    company_name: p.company_name ?? null,
  };
}

const ISO_DAY = 'yyyy-MM-dd';

/** Slots between two local days (inclusive) in the provider's main hospital's zone, each shown in its own hospital's zone. */
export async function providerSlots(
  db: Queryable,
  id: string,
  region: string,
  range: { from?: string; to?: string },
  now: Date = new Date(),
): Promise<{ from: string; to: string; slots: ProviderSlot[] }> {
  const { provider, hospitals } = await loadPublicProvider(db, id, region);
  const zone = hospitals[0]?.time_zone ?? (region === 'usa' ? 'America/New_York' : 'Europe/London');
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const from = range.from ? DateTime.fromISO(range.from, { zone }) : today;
  if (!from.isValid) throw new ValidationError('The start date is not a real date.', { from: 'Use a date like 2027-03-03.' });
  const to = range.to ? DateTime.fromISO(range.to, { zone }) : from.plus({ days: PROFILE_AVAILABILITY_DAYS - 1 });
  if (!to.isValid) throw new ValidationError('The end date is not a real date.', { to: 'Use a date like 2027-03-03.' });
  if (to < from) throw new ValidationError('The end date must not be before the start date.', { to: 'must be on or after from' });
  if (to.diff(from, 'days').days >= MAX_SLOT_RANGE_DAYS)
    throw new ValidationError(`Ask for at most ${MAX_SLOT_RANGE_DAYS} days at a time.`, {
      to: `at most ${MAX_SLOT_RANGE_DAYS} days after from`,
    });
  if (!provider.bookable) return { from: from.toFormat(ISO_DAY), to: to.toFormat(ISO_DAY), slots: [] };

  const byId = new Map(hospitals.map((h) => [h.id, h]));
  // One day of margin each side: hospitals of one provider may sit in different zones.
  const rows = await listSlots(db, id, from.minus({ days: 1 }).toJSDate(), to.plus({ days: 2 }).toJSDate());
  const fromDay = from.toFormat(ISO_DAY);
  const toDay = to.toFormat(ISO_DAY);
  const slots: ProviderSlot[] = [];
  for (const r of rows) {
    const localDay = DateTime.fromJSDate(new Date(r.starts_at), { zone: r.time_zone }).toFormat(ISO_DAY);
    if (localDay < fromDay || localDay > toDay) continue;
    const h = byId.get(r.hospital_id);
    const shown = describeSlot(r.starts_at, r.ends_at, r.time_zone);
    slots.push({
      slot_id: Number(r.id),
      ...shown,
      available: r.available === true,
      hospital: {
        hospital_id: r.hospital_id,
        hospital_name: h?.name ?? '',
        hospital_location: h ? hospitalLocation(h) : '',
      },
    });
  }
  return { from: fromDay, to: toDay, slots };
}

/**
 * Whether the provider's slot at `date` (DD/MM/YYYY) and `time` (h:mm AM/PM), read in the time zone of the slot's
 * own hospital, is free now, with that hospital and the slot's end. Unknown slots are simply unavailable.
 */
export async function checkSlot(
  db: Queryable,
  doctorId: string,
  region: string,
  date: string,
  time: string,
  /** The calling patient: their own unexpired hold leaves the slot available to them. */
  patientId?: string,
  now: Date = new Date(),
): Promise<{ available: boolean; slot_id: number | null; hospital_id: string | null; end_time: string | null }> {
  const day = parseDateText(date);
  if (!day) throw new ValidationError('That date does not exist.', { date: 'Please give a real date as DD/MM/YYYY.' });
  const time24 = toTwentyFourHour(time);
  if (!time24) throw new ValidationError('That time is not valid.', { time: 'Please give the time as h:mm AM/PM.' });
  const [p] = await loadProviders(db, [doctorId]);
  if (!p || p.region !== region) throw notFound();
  const dayUtc = Date.UTC(day.year, day.month - 1, day.day);
  // Any zone from UTC-12 to UTC+14 keeps the local day inside this window.
  // listSlots leaves out past and withdrawn slots: such a slot is not found, i.e. unavailable.
  const rows = await listSlots(db, doctorId, new Date(dayUtc - 14 * 3600_000), new Date(dayUtc + 38 * 3600_000));
  for (const r of rows) {
    if (startsAtLocal(r.starts_at, r.time_zone, date, time24)) {
      const bookable = p.verification_status === 'Verified' && p.bookable && new Date(r.starts_at) > now;
      const free = r.available === true || (!!patientId && (await isHeldBy(db, Number(r.id), patientId, now)));
      const { end_time } = describeSlot(r.starts_at, r.ends_at, r.time_zone);
      return { available: bookable && free, slot_id: Number(r.id), hospital_id: r.hospital_id, end_time };
    }
  }
  return { available: false, slot_id: null, hospital_id: null, end_time: null };
}
