import type {
  Bundle,
  BundleLink,
  CodeableConcept,
  Location,
  Organization,
  Practitioner,
  PractitionerRole,
  Resource,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import type { LocationRow, OrganizationRow, PractitionerRow, ScheduleRow, SlotRow } from './fhir.repository';
import { IDENTIFIER_SYSTEMS, SPECIALTY_SYSTEM, TIMEZONE_EXTENSION } from './fhir.types';

/** Row → R4 resource mappers of the public resources (docs/fhir.md, "Resources"). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}

const hex = (uuid: string) => uuid.replace(/-/g, '');
const unhex = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

/** One Schedule per provider and clinic: both ids, without dashes, make its 64-character id (FHIR ids are ≤ 64). */
export function scheduleId(providerId: string, hospitalId: string): string {
  return `${hex(providerId)}${hex(hospitalId)}`;
}

export function parseScheduleId(id: string): { providerId: string; hospitalId: string } | null {
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  return { providerId: unhex(id.slice(0, 32)), hospitalId: unhex(id.slice(32)) };
}

/** An instant without milliseconds, always in UTC. */
export function instant(value: Date | string): string {
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function specialtyConcept(slug: string, name: string): CodeableConcept {
  return { coding: [{ system: SPECIALTY_SYSTEM, code: slug, display: name }], text: name };
}

export function practitionerResource(r: PractitionerRow): Practitioner {
  const system = IDENTIFIER_SYSTEMS[r.regulator];
  return {
    resourceType: 'Practitioner',
    id: r.id,
    active: true,
    identifier: [{ use: 'official', ...(system ? { system } : {}), value: r.membership_number }],
    name: [{ use: 'official', text: `${r.first_name} ${r.last_name}`, family: r.last_name, given: [r.first_name] }],
    ...(r.qualifications.length > 0 ? { qualification: r.qualifications.map((q) => ({ code: { text: q } })) } : {}),
  };
}

export function practitionerRoleResource(r: PractitionerRow): PractitionerRole {
  return {
    resourceType: 'PractitionerRole',
    id: r.id,
    active: true,
    practitioner: { reference: `Practitioner/${r.id}`, display: `${r.first_name} ${r.last_name}` },
    ...(r.company_id ? { organization: { reference: `Organization/${r.company_id}`, display: r.company_name ?? undefined } } : {}),
    specialty: [specialtyConcept(r.speciality_slug, r.speciality_name)],
    ...(r.hospital_ids.length > 0 ? { location: r.hospital_ids.map((h) => ({ reference: `Location/${h}` })) } : {}),
  };
}

export function organizationResource(r: OrganizationRow): Organization {
  return {
    resourceType: 'Organization',
    id: r.id,
    active: true,
    name: r.name,
    ...(r.registration_number
      ? {
          identifier: [
            {
              type: { text: r.region === 'usa' ? 'Employer Identification Number' : 'Companies House number' },
              ...(r.region === 'usa' ? { system: 'urn:oid:2.16.840.1.113883.4.4' } : {}),
              value: r.registration_number,
            },
          ],
        }
      : {}),
    address: [{ country: r.region === 'usa' ? 'US' : 'GB' }],
  };
}

export function locationResource(r: LocationRow): Location {
  return {
    resourceType: 'Location',
    id: r.id,
    status: 'active',
    mode: 'instance',
    name: r.name,
    extension: [{ url: TIMEZONE_EXTENSION, valueCode: r.time_zone }],
    address: {
      use: 'work',
      type: 'physical',
      text: `${r.address}, ${r.city} ${r.postcode}`,
      line: [r.address],
      city: r.city,
      postalCode: r.postcode,
      country: r.region === 'usa' ? 'US' : 'GB',
    },
    position: { latitude: Number(r.latitude), longitude: Number(r.longitude) },
  };
}

export function scheduleResource(r: ScheduleRow, now = new Date()): Schedule {
  const end = new Date(now.getTime() + r.horizon_days * 86_400_000);
  return {
    resourceType: 'Schedule',
    id: scheduleId(r.provider_id, r.hospital_id),
    active: true,
    specialty: [specialtyConcept(r.speciality_slug, r.speciality_name)],
    actor: [
      { reference: `PractitionerRole/${r.provider_id}`, display: `${r.first_name} ${r.last_name}` },
      { reference: `Location/${r.hospital_id}`, display: r.hospital_name },
    ],
    planningHorizon: { start: instant(now), end: instant(end) },
  };
}

export function slotResource(r: SlotRow, extension?: Slot['extension']): Slot {
  return {
    resourceType: 'Slot',
    id: String(r.id),
    ...(extension && extension.length > 0 ? { extension } : {}),
    schedule: { reference: `Schedule/${scheduleId(r.provider_id, r.hospital_id)}` },
    status: r.free ? 'free' : 'busy',
    specialty: [specialtyConcept(r.speciality_slug, r.speciality_name)],
    start: instant(r.starts_at),
    end: instant(r.ends_at),
  };
}

/** A searchset Bundle with its self and (when there may be more) next links. */
export function searchset(base: string, resources: Resource[], self: string, next: string | null): Bundle {
  const link: BundleLink[] = [{ relation: 'self', url: self }];
  if (next) link.push({ relation: 'next', url: next });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    link,
    entry: resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}
