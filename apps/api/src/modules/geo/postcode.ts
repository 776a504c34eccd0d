import { isValid, toNormalised, toOutcode, toSector, validOutcode } from 'postcode';

/** Parsing of UK postcodes and US ZIP codes. Pure, no I/O. */

export type ParsedPlace =
  | {
      region: 'uk';
      kind: 'unit' | 'outcode';
      /** Normalised for display: 'SW1A 1AA' or 'SW1A'. */
      display: string;
      /** Centroid keys to try, most precise first: unit, sector, outcode, district, area. */
      lookupKeys: { key: string; precision: 'unit' | 'sector' | 'district' | 'area' }[];
    }
  | { region: 'usa'; kind: 'zip'; display: string; zip5: string };

const squash = (s: string) => s.trim().toUpperCase().replace(/\s+/g, '');

/** 'SW1A' → 'SW1' (the district without its sub-district letter), else null. */
function districtOf(outcode: string): string | null {
  const m = /^([A-Z]{1,2}\d{1,2})[A-Z]$/.exec(outcode);
  return m ? m[1]! : null;
}

function areaOf(outcode: string): string {
  return /^[A-Z]{1,2}/.exec(outcode)![0];
}

function ukKeys(outcode: string, unit?: string, sector?: string): ParsedPlace & { region: 'uk' } {
  const keys: { key: string; precision: 'unit' | 'sector' | 'district' | 'area' }[] = [];
  if (unit) keys.push({ key: unit, precision: 'unit' });
  if (sector) keys.push({ key: sector, precision: 'sector' });
  keys.push({ key: outcode, precision: 'district' });
  const district = districtOf(outcode);
  if (district) keys.push({ key: district, precision: 'district' });
  keys.push({ key: areaOf(outcode), precision: 'area' });
  return { region: 'uk', kind: unit ? 'unit' : 'outcode', display: unit ?? outcode, lookupKeys: keys };
}

/** A full UK postcode ('sw1a1aa', ' SW1A  1AA ') or an outward code ('sw1a', 'M13'), else null. */
export function parseUkPostcode(input: string): (ParsedPlace & { region: 'uk' }) | null {
  const s = squash(input);
  if (s.length < 2 || s.length > 8) return null;
  if (isValid(s)) {
    const unit = toNormalised(s)!;
    return ukKeys(toOutcode(s)!, unit, toSector(s)!);
  }
  if (validOutcode(s)) return ukKeys(s);
  return null;
}

/** '10017', '10017-1234', '100171234' → the 5-digit ZIP, else null. */
export function parseUsZip(input: string): (ParsedPlace & { region: 'usa' }) | null {
  const s = input.trim();
  const m = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(s);
  if (!m) return null;
  return { region: 'usa', kind: 'zip', display: m[2] ? `${m[1]}-${m[2]}` : m[1]!, zip5: m[1]! };
}

export function parsePlace(input: string, region: 'uk' | 'usa'): ParsedPlace | null {
  return region === 'usa' ? parseUsZip(input) : parseUkPostcode(input);
}

/** Region of a postcode or ZIP by its shape, for calls that do not name one: digits are a ZIP. */
export function guessRegion(input: string): 'uk' | 'usa' {
  return /^\s*\d/.test(input) ? 'usa' : 'uk';
}
