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
import type { Geocoder } from '../geo/geo.service';
import { roundMiles } from '../geo/haversine';
import { guessRegion } from '../geo/postcode';
import { loadProviderHospitals, loadProviders } from '../providers/providers.repository';
import { fullName, toHospitalDetail } from '../providers/providers.service';
import { describeSlot } from '../providers/slot-availability';
import { countProviders, findSpeciality, mapProviders, searchProviders } from './search.repository';

export interface SearchInput {
  postcode: string;
  specialty: string;
  radius: number;
  page: number;
  sort: SearchSort;
  selectedRegion: 'uk' | 'usa';
}

async function resolveSpeciality(db: Queryable, region: 'uk' | 'usa', slug: string) {
  const speciality = await findSpeciality(db, region, slug.toLowerCase());
  if (!speciality)
    throw new ValidationError('We do not know that speciality. Please choose one from the list.', {
      specialty: 'Choose a speciality from /api/get-speciality.',
    });
  return speciality;
}

export async function searchService(db: Queryable, geocoder: Geocoder, input: SearchInput): Promise<SearchResponse> {
  const region = input.selectedRegion;
  const speciality = await resolveSpeciality(db, region, input.specialty);
  const origin = await geocoder.locate(input.postcode, region);
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

  const ids = rows.map((r) => r.provider_id);
  const [providers, hospitals] = await Promise.all([loadProviders(db, ids), loadProviderHospitals(db, ids)]);
  const providerById = new Map(providers.map((p) => [p.id, p]));
  const hospitalsByProvider = new Map<string, typeof hospitals>();
  for (const h of hospitals) hospitalsByProvider.set(h.provider_id, [...(hospitalsByProvider.get(h.provider_id) ?? []), h]);

  const data: SearchResult[] = rows.flatMap((r) => {
    const p = providerById.get(r.provider_id);
    if (!p) return [];
    const nearest = toHospitalDetail({
      id: r.hospital_id,
      name: r.hospital_name,
      address: r.address,
      city: r.city,
      postcode: r.postcode,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      time_zone: r.time_zone,
    });
    const others = (hospitalsByProvider.get(p.id) ?? []).filter((h) => h.id !== r.hospital_id).map(toHospitalDetail);
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
    return [
      {
        _id: p.id,
        id: p.id,
        name: fullName(p),
        first_name: p.first_name,
        last_name: p.last_name,
        speciality: p.speciality_name ?? null,
        speciality_slug: p.speciality_slug ?? speciality.slug,
        qualifications: p.qualifications,
        profile_image: p.profile_image,
        verified: p.verification_status === 'Verified',
        hospital_name: nearest.hospital_name,
        hospital_location: nearest.hospital_location,
        hospital_details: [nearest, ...others],
        distance: roundMiles(Number(r.distance)),
        amount_minor: p.amount_minor,
        amount: formatAmount(p.amount_minor),
        currency: p.currency,
        next_available_slot: next,
      },
    ];
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

export async function mapService(db: Queryable, geocoder: Geocoder, input: MapInput): Promise<MapResponse> {
  const region = input.selectedRegion ?? guessRegion(input.postcode);
  const speciality = await resolveSpeciality(db, region, input.specialty);
  const located = await geocoder.locate(input.postcode, region);
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
  const providers = await loadProviders(
    db,
    rows.map((r) => r.provider_id),
  );
  const byId = new Map(providers.map((p) => [p.id, p]));
  return {
    status: true,
    center,
    radius: input.radius,
    total: rows[0]?.total ?? 0,
    markers: rows.flatMap((r) => {
      const p = byId.get(r.provider_id);
      if (!p) return [];
      return [
        {
          id: p.id,
          name: fullName(p),
          speciality: p.speciality_name ?? null,
          hospital_name: r.hospital_name,
          hospital_location: `${r.address}, ${r.city}, ${r.postcode}`,
          latitude: Number(r.latitude),
          longitude: Number(r.longitude),
          distance: roundMiles(Number(r.distance)),
        },
      ];
    }),
  };
}
