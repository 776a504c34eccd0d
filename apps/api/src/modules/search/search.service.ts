import { formatAmount } from '@careslot/contracts/money';
import {
  MAX_MAP_MARKERS,
  SEARCH_PAGE_SIZE,
  type MapResponse,
  type SearchResponse,
  type SearchResult,
  type SearchSort,
} from '@careslot/contracts/search';
import type { Queryable } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { guessRegion, roundMiles, type Geocoder } from '../geo/geo.service';
import { fullName, toHospitalDetail } from '../providers/providers.service';
import { describeSlot } from '../availability/availability.service';
import { countProviders, findSpeciality, listSpecialities, mapProviders, searchProviders } from './search.repository';
import { ShortCache } from './short-cache';
import { hospitalLocation } from '../../lib/hospital-location';

export interface SearchInput {
  postcode: string;
  specialty: string;
  radius: number;
  page: number;
  sort: SearchSort;
  selectedRegion: 'uk' | 'usa';
}

export interface Speciality {
  id: number;
  slug: string;
  name: string;
}

/** Region + slug → speciality, or null. */
export type SpecialityLookup = (db: Queryable, region: string, slug: string) => Promise<Speciality | null>;

/**
 * The speciality lookup searches use, remembered for a minute (the list changes only with a deployment's seed or an
 * import). Only known specialities are remembered, so a new one is found at once; concurrent first lookups share one
 * query.
 */
export function rememberedSpecialityLookup(ttlMs = 60_000): SpecialityLookup {
  const cache = new ShortCache<Speciality | null>(ttlMs, 1000, (found) => found !== null);
  return (db, region, slug) => cache.get(`${region}|${slug}`, () => findSpeciality(db, region, slug));
}

/** The region's specialities, by name. */
export function specialitiesOf(db: Queryable, region: 'uk' | 'usa') {
  return listSpecialities(db, region);
}

async function resolveSpeciality(findSpecialityIn: SpecialityLookup, db: Queryable, region: 'uk' | 'usa', slug: string) {
  const speciality = await findSpecialityIn(db, region, slug.toLowerCase());
  if (!speciality)
    throw new ValidationError('We do not know that speciality. Please choose one from the list.', {
      specialty: 'Choose a speciality from /api/get-speciality.',
    });
  return speciality;
}

/** What searches need besides the database: the geocoder and the speciality lookup, both remembered in memory. */
export interface SearchDeps {
  geocoder: Geocoder;
  findSpeciality: SpecialityLookup;
}

export async function searchService(db: Queryable, deps: SearchDeps, input: SearchInput): Promise<SearchResponse> {
  const region = input.selectedRegion;
  const speciality = await resolveSpeciality(deps.findSpeciality, db, region, input.specialty);
  const origin = await deps.geocoder.locate(input.postcode, region);
  const q = { region, specialityId: speciality.id, origin, radius: input.radius };
  const offset = (input.page - 1) * SEARCH_PAGE_SIZE;
  const rows = await searchProviders(db, { ...q, sort: input.sort, limit: SEARCH_PAGE_SIZE, offset });
  const total = rows[0]?.total ?? (input.page > 1 ? await countProviders(db, q) : 0);
  const totalPages = Math.ceil(total / SEARCH_PAGE_SIZE);
  if (input.page > 1 && input.page > totalPages)
    throw new ValidationError(
      totalPages === 0
        ? 'There are no results to page through.'
        : `That page is out of range: there ${totalPages === 1 ? 'is 1 page' : `are ${totalPages} pages`}.`,
      { page: `Choose a page from 1 to ${Math.max(1, totalPages)}.` },
    );

  const data: SearchResult[] = rows.map((r) => {
    const nearest = toHospitalDetail(r.hospital);
    const others = (r.others ?? []).map(toHospitalDetail);
    const next =
      r.slot_id != null && r.starts_at && r.ends_at && r.slot_time_zone
        ? (() => {
            const d = describeSlot(r.starts_at, r.ends_at, r.slot_time_zone);
            return {
              slot_id: Number(r.slot_id),
              date: d.date,
              time: d.time,
              end_time: d.end_time,
              starts_at: d.starts_at,
              time_zone: d.time_zone,
            };
          })()
        : null;
    return {
      _id: r.provider_id,
      id: r.provider_id,
      name: fullName(r),
      first_name: r.first_name,
      last_name: r.last_name,
      // The search matched on this speciality, so it is the provider's.
      speciality: speciality.name,
      speciality_slug: speciality.slug,
      qualifications: r.qualifications,
      profile_image: r.profile_image,
      verified: r.verification_status === 'Verified',
      hospital_name: nearest.hospital_name,
      hospital_location: nearest.hospital_location,
      hospital_details: [nearest, ...others],
      distance: roundMiles(Number(r.distance)),
      amount_minor: r.amount_minor,
      amount: formatAmount(r.amount_minor),
      currency: r.currency,
      next_available_slot: next,
    };
  });

  return {
    status: true,
    data,
    page: input.page,
    page_size: SEARCH_PAGE_SIZE,
    total,
    total_pages: totalPages,
    sort: input.sort,
    radius: input.radius,
    region,
    speciality,
    origin,
  };
}

export interface MapInput {
  postcode: string;
  specialty: string;
  radius: number;
  latitude?: number;
  longitudea?: number;
  selectedRegion?: 'uk' | 'usa';
}

export async function mapService(db: Queryable, deps: SearchDeps, input: MapInput): Promise<MapResponse> {
  const region = input.selectedRegion ?? guessRegion(input.postcode);
  const speciality = await resolveSpeciality(deps.findSpeciality, db, region, input.specialty);
  const located = await deps.geocoder.locate(input.postcode, region);
  const hasCentre = input.latitude !== undefined && input.longitudea !== undefined;
  const center = hasCentre
    ? { latitude: input.latitude!, longitude: input.longitudea! }
    : { latitude: located.latitude, longitude: located.longitude };
  const rows = await mapProviders(db, {
    region,
    specialityId: speciality.id,
    origin: center,
    radius: input.radius,
    limit: MAX_MAP_MARKERS,
  });
  return {
    status: true,
    center,
    radius: input.radius,
    total: rows[0]?.total ?? 0,
    markers: rows.map((r) => ({
      id: r.provider_id,
      name: fullName(r),
      speciality: speciality.name,
      hospital_name: r.hospital_name,
      hospital_location: hospitalLocation(r),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      distance: roundMiles(Number(r.distance)),
    })),
  };
}
