import tzLookup from '@photostructure/tz-lookup';
import { formatAmount } from '@careslot/contracts/money';
import {
  MAX_CLINICS,
  parseAmountText,
  profileMessages,
  type ClinicInput,
  type OwnProfile,
  type ProfileChanges,
} from '@careslot/contracts/provider-workspace';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { hospitalLocation } from '../../lib/hospital-location';
import { removeUpload, storeProfileImage } from '../../lib/profile-image';
import { regenerateFreeSlots, takeAwayClinicAvailability } from '../availability/availability.service';
import type { Geocoder } from '../geo/geo.service';
import {
  findHospital,
  insertHospital,
  linkHospital,
  loadOwnProviderRow,
  lockProvider,
  ownClinics,
  unlinkHospital,
  updateProviderRow,
} from './providers.repository';
import { fullName } from './providers.service';

/** What the provider's own profile needs, built once by the workspace routes. */
export interface ProfileDeps {
  db: Db;
  config: Pick<Config, 'DATA_DIR'>;
  geocoder: Pick<Geocoder, 'locate'>;
}

/** The signed-in provider's own record, verified or not, with every clinic and its id. */
export async function ownProfile(db: Queryable, providerId: string): Promise<OwnProfile> {
  const row = await loadOwnProviderRow(db, providerId);
  if (!row) throw new NotFoundError('We could not find that provider.');
  const p = row.provider;
  const clinics = await ownClinics(db, providerId);
  return {
    _id: p.id,
    first_name: p.first_name,
    last_name: p.last_name,
    name: fullName(p),
    email: p.email,
    region: p.region as 'uk' | 'usa',
    registed_with: { professional_body_name: p.professional_body_name, membership_number: p.membership_number },
    verification_status: p.verification_status,
    verified: p.verification_status === 'Verified',
    bookable: p.bookable,
    speciality: row.speciality,
    qualifications: p.qualifications,
    bio: p.bio,
    languages: p.languages,
    profile_image: p.profile_image,
    amount: formatAmount(p.amount_minor),
    follow_amount: formatAmount(p.follow_amount_minor),
    amount_minor: p.amount_minor,
    follow_amount_minor: p.follow_amount_minor,
    currency: p.currency,
    consultation_minutes: p.consultation_minutes,
    hospital_details: clinics.map((c) => ({
      hospital_id: c.id,
      hospital_name: c.name,
      hospital_location: hospitalLocation(c),
      address: c.address,
      city: c.city,
      postcode: c.postcode,
      latitude: c.latitude,
      longitude: c.longitude,
      time_zone: c.time_zone,
      upcoming_appointments: c.upcoming,
    })),
  };
}

/**
 * Bio, languages, qualifications, fees and consultation length. Search reads the provider row (and its search rows,
 * kept by triggers in the same transaction), so patients see the change at once. A new consultation length is the
 * new default slot length: future free slots are regenerated.
 */
export async function updateOwnProfile(deps: ProfileDeps, providerId: string, patch: ProfileChanges): Promise<OwnProfile> {
  const before = await loadOwnProviderRow(deps.db, providerId);
  if (!before) throw new NotFoundError('We could not find that provider.');
  const clean = (list?: string[]) => (list ? [...new Set(list.map((x) => x.trim()).filter(Boolean))] : undefined);
  const values = {
    ...(patch.bio !== undefined ? { bio: patch.bio.trim() } : {}),
    ...(patch.languages !== undefined ? { languages: clean(patch.languages) } : {}),
    ...(patch.qualifications !== undefined ? { qualifications: clean(patch.qualifications) } : {}),
    ...(patch.amount !== undefined ? { amount_minor: parseAmountText(patch.amount)! } : {}),
    ...(patch.follow_amount !== undefined ? { follow_amount_minor: parseAmountText(patch.follow_amount)! } : {}),
    ...(patch.consultation_minutes !== undefined ? { consultation_minutes: Number(patch.consultation_minutes) } : {}),
  };
  if (Object.keys(values).length) await updateProviderRow(deps.db, providerId, values);
  if (values.consultation_minutes !== undefined && values.consultation_minutes !== before.provider.consultation_minutes) {
    await regenerateFreeSlots(deps.db, providerId);
  }
  return ownProfile(deps.db, providerId);
}

/** A new photo, checked by its content and resized as the patients' pictures are; the old one is deleted. */
export async function saveProviderPhoto(deps: ProfileDeps, providerId: string, data: Buffer): Promise<string> {
  const publicPath = await storeProfileImage(deps.config, data);
  const before = await loadOwnProviderRow(deps.db, providerId);
  await updateProviderRow(deps.db, providerId, { profile_image: publicPath });
  if (before?.provider.profile_image) await removeUpload(deps.config, before.provider.profile_image);
  return publicPath;
}

/** Where a clinic's clocks run: the UK's zone, or the zone of the place in the USA. */
export function zoneAt(region: string, latitude: number, longitude: number): string {
  return region === 'usa' ? tzLookup(latitude, longitude) : 'Europe/London';
}

/** Adds a clinic, placed by the geocoder (a postcode it cannot place is refused with its message). */
export async function addClinic(deps: ProfileDeps, provider: { id: string; region: string }, input: ClinicInput): Promise<OwnProfile> {
  const region = provider.region as 'uk' | 'usa';
  const place = await deps.geocoder.locate(input.postcode, region);
  await deps.db.transaction(async (tx) => {
    await lockProvider(tx, provider.id);
    const clinics = await ownClinics(tx, provider.id);
    if (clinics.length >= MAX_CLINICS) throw new ConflictError(profileMessages.tooManyClinics);
    const existing = await findHospital(tx, region, input.name.trim(), place.postcode);
    if (existing && clinics.some((c) => c.id === existing.id)) throw new ConflictError(profileMessages.clinicAlreadyYours);
    const hospital =
      existing ??
      (await insertHospital(tx, {
        region,
        name: input.name.trim(),
        address: input.address.trim(),
        city: input.city.trim(),
        postcode: place.postcode,
        latitude: place.latitude,
        longitude: place.longitude,
        time_zone: zoneAt(region, place.latitude, place.longitude),
      }));
    await linkHospital(tx, provider.id, hospital.id, clinics.length);
  });
  return ownProfile(deps.db, provider.id);
}

/** Removes a clinic without upcoming appointments (its rules and free slots go with it); the last one stays. */
export async function removeClinic(deps: ProfileDeps, providerId: string, hospitalId: string): Promise<OwnProfile> {
  await deps.db.transaction(async (tx) => {
    await lockProvider(tx, providerId);
    const clinics = await ownClinics(tx, providerId);
    const clinic = clinics.find((c) => c.id === hospitalId);
    if (!clinic) throw new NotFoundError(profileMessages.clinicNotYours);
    if (clinics.length === 1) throw new ConflictError(profileMessages.lastClinic);
    if (clinic.upcoming > 0) throw new ConflictError(profileMessages.clinicBooked);
    await takeAwayClinicAvailability(tx, providerId, hospitalId);
    await unlinkHospital(tx, providerId, hospitalId);
  });
  return ownProfile(deps.db, providerId);
}
