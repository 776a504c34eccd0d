import { FhirError } from './fhir.errors';

/**
 * Reading FHIR search parameters (docs/fhir.md, "Search"): each resource names the parameters it supports; any other
 * is a 400 naming the ones it takes. Repeated parameters are ANDed, comma-separated values within one are ORed.
 */
export type Query = Record<string, string | string[] | undefined>;

/** Parameters every search accepts. */
const COMMON = ['_count', '_format', '_id'];

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;
/** Offsets past this are refused: page with `next` links, or narrow the search. */
export const MAX_OFFSET = 10_000;

export function valuesOf(query: Query, name: string): string[] {
  const v = query[name];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x) => x !== '');
}

export function single(query: Query, name: string): string | undefined {
  const all = valuesOf(query, name);
  if (all.length > 1) throw new FhirError(400, 'invalid', `Send ${name} once.`);
  return all[0];
}

/** Refuses parameters this search does not know (modifiers included: `name:exact` is not supported). */
export function checkKnown(query: Query, allowed: string[]): void {
  const known = new Set([...COMMON, ...allowed]);
  for (const key of Object.keys(query)) {
    if (valuesOf(query, key).length === 0) continue;
    if (!known.has(key))
      throw new FhirError(
        400,
        'not-supported',
        `The search parameter "${key}" is not supported here. Supported: ${[...known].sort().join(', ')}.`,
      );
  }
}

export function countOf(query: Query): number {
  const raw = single(query, '_count');
  if (raw === undefined) return DEFAULT_COUNT;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1)
    throw new FhirError(400, 'invalid', `_count must be a whole number from 1 to ${MAX_COUNT}.`);
  return Math.min(Number(raw), MAX_COUNT);
}

export function offsetOf(query: Query): number {
  const raw = single(query, '_offset');
  if (raw === undefined) return 0;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) > MAX_OFFSET)
    throw new FhirError(400, 'invalid', `_offset must be a whole number from 0 to ${MAX_OFFSET}; narrow the search to see further.`);
  return Number(raw);
}

/** Comma-separated values of every occurrence, flattened (an OR list). */
export function orList(query: Query, name: string): string[] | undefined {
  const all = valuesOf(query, name);
  if (all.length === 0) return undefined;
  if (all.length > 1) throw new FhirError(400, 'invalid', `Send ${name} once; separate alternatives with commas.`);
  const list = all[0]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length > 50) throw new FhirError(400, 'invalid', `At most 50 values of ${name}.`);
  return list;
}

/** A reference value: `Type/id`, or a bare id when the parameter has one target type. */
export function referenceIds(query: Query, name: string, type: string): string[] | undefined {
  const list = orList(query, name);
  if (!list) return undefined;
  return list.map((v) => {
    const m = /^(?:(?:https?:\/\/[^?#]*\/)?([A-Za-z]+)\/)?([A-Za-z0-9\-.]{1,64})$/.exec(v);
    if (!m || (m[1] !== undefined && m[1] !== type))
      throw new FhirError(400, 'invalid', `${name} must be a ${type} reference, like ${type}/{id}.`);
    return m[2]!;
  });
}

/** A token value: `system|code`, `|code` or `code`. */
export function tokens(query: Query, name: string): { system?: string; code: string }[] | undefined {
  const list = orList(query, name);
  if (!list) return undefined;
  return list.map((v) => {
    const bar = v.indexOf('|');
    if (bar < 0) return { code: v };
    return { system: v.slice(0, bar), code: v.slice(bar + 1) };
  });
}

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** The range [from, to) a FHIR date or dateTime value stands for (a day, a month, a year or an instant to the second). */
export function dateRange(value: string, name: string): { from: Date; to: Date } {
  const m = DATE.exec(value);
  const bad = () =>
    new FhirError(
      400,
      'invalid',
      `${name}: "${value}" is not a FHIR date. Use YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, with a prefix such as ge or lt.`,
    );
  if (!m) throw bad();
  const [, y, mo, d, h] = m;
  if (h !== undefined && m[7] === undefined) throw bad();
  if (h !== undefined) {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) throw bad();
    const step = m[6] !== undefined ? 1000 : 60_000;
    return { from: at, to: new Date(at.getTime() + step) };
  }
  const from = new Date(Date.UTC(Number(y), mo ? Number(mo) - 1 : 0, d ? Number(d) : 1));
  if (Number.isNaN(from.getTime()) || (mo && from.getUTCMonth() !== Number(mo) - 1) || (d && from.getUTCDate() !== Number(d))) throw bad();
  const to = new Date(from);
  if (d) to.setUTCDate(to.getUTCDate() + 1);
  else if (mo) to.setUTCMonth(to.getUTCMonth() + 1);
  else to.setUTCFullYear(to.getUTCFullYear() + 1);
  return { from, to };
}

export type Bound = { op: 'ge' | 'gt' | 'le' | 'lt'; at: Date };

/** A date parameter with prefixes (eq, ge, gt, le, lt; none means eq), as bounds on one instant; repeats are ANDed. */
export function dateBounds(query: Query, name: string): Bound[] {
  const bounds: Bound[] = [];
  for (const raw of valuesOf(query, name)) {
    if (raw.includes(',')) throw new FhirError(400, 'invalid', `${name}: send one date per ${name}; repeat ${name} for a range.`);
    const m = /^(eq|ne|ge|gt|le|lt|sa|eb|ap)?(.*)$/.exec(raw)!;
    const prefix = m[1] ?? 'eq';
    const { from, to } = dateRange(m[2]!, name);
    switch (prefix) {
      case 'eq':
        bounds.push({ op: 'ge', at: from }, { op: 'lt', at: to });
        break;
      case 'ge':
        bounds.push({ op: 'ge', at: from });
        break;
      case 'gt':
      case 'sa':
        bounds.push({ op: 'ge', at: to });
        break;
      case 'lt':
      case 'eb':
        bounds.push({ op: 'lt', at: from });
        break;
      case 'le':
        bounds.push({ op: 'lt', at: to });
        break;
      default:
        throw new FhirError(400, 'not-supported', `${name}: the prefix ${prefix} is not supported; use eq, ge, gt, le or lt.`);
    }
  }
  return bounds;
}

export const MILES_PER_KM = 0.621371;

/** `near=lat|long|distance|unit` (FHIR Location): distance defaults to the search's default radius, unit to km. */
export function nearOf(
  query: Query,
  defaultMiles: number,
  maxMiles: number,
): { latitude: number; longitude: number; miles: number } | undefined {
  const raw = single(query, 'near');
  if (raw === undefined) return undefined;
  const parts = raw.split('|');
  const bad = (why: string) =>
    new FhirError(400, 'invalid', `near: ${why} Use near=latitude|longitude|distance|unit, e.g. near=51.5|-0.12|10|km.`);
  if (parts.length < 2 || parts.length > 4) throw bad('expected two to four values separated by |.');
  const [la, lo, dist, unit] = parts;
  const latitude = Number(la);
  const longitude = Number(lo);
  if (!/^-?\d+(\.\d+)?$/.test(la!) || Math.abs(latitude) > 90) throw bad('the latitude must be a number from -90 to 90.');
  if (!/^-?\d+(\.\d+)?$/.test(lo!) || Math.abs(longitude) > 180) throw bad('the longitude must be a number from -180 to 180.');
  let miles = defaultMiles;
  if (dist !== undefined && dist !== '') {
    if (!/^\d+(\.\d+)?$/.test(dist) || Number(dist) <= 0) throw bad('the distance must be a positive number.');
    const u = unit === undefined || unit === '' ? 'km' : unit;
    const factor: Record<string, number> = { km: MILES_PER_KM, m: MILES_PER_KM / 1000, mi: 1, '[mi_i]': 1 };
    if (!(u in factor)) throw bad(`the unit "${u}" is not known (km, m, mi or [mi_i]).`);
    miles = Number(dist) * factor[u]!;
  }
  if (miles > maxMiles) throw bad(`the distance may be at most ${maxMiles} miles.`);
  return { latitude, longitude, miles };
}
