/** Time helpers shared by the API and the web app. Pure, no I/O. */

const TWELVE_HOUR = /^\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])\s*$/;

/** 'h:mm AM/PM' → 'HH:mm' (12 AM becomes 00, PM hours add 12). Returns null if malformed. */
export function toTwentyFourHour(time: string): string | null {
  const m = TWELVE_HOUR.exec(time);
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours < 1 || hours > 12 || minutes > 59) return null;
  const pm = m[3]!.toUpperCase() === 'PM';
  if (hours === 12) hours = pm ? 12 : 0;
  else if (pm) hours += 12;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** 'HH:mm' → 'h:mm AM/PM'. */
export function toTwelveHour(time: string): string | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  const h = Number(m[1]);
  const min = m[2]!;
  if (h > 23 || Number(min) > 59) return null;
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${min} ${suffix}`;
}

/** Booking dates travel as day/month/year text, e.g. '03/03/2027'. */
export const DATE_TEXT = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export function parseDateText(text: string): { day: number; month: number; year: number } | null {
  const m = DATE_TEXT.exec(text);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { day, month, year };
}

export function formatDateText(year: number, month: number, day: number): string {
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '03/03/2027' → '3rd March 2027' (the checkout's day-ordinal month year). */
export function formatOrdinalDate(dateText: string): string | null {
  const d = parseDateText(dateText);
  if (!d) return null;
  return `${ordinal(d.day)} ${MONTHS[d.month - 1]} ${d.year}`;
}

/** The calendar day (YYYY-MM-DD) at `at` in an IANA time zone. */
export function dayInZone(zone: string, at: Date = new Date()): string {
  return at.toLocaleDateString('en-CA', { timeZone: zone });
}

/**
 * "Today" at a provider's clinics (YYYY-MM-DD): the day in the last of their zones to reach midnight, so a day counts as
 * past only once it has passed at every clinic (the API's waitlist asks the same). Null with no zone.
 */
export function todayAtClinics(zones: readonly string[], at: Date = new Date()): string | null {
  const days = zones.map((z) => dayInZone(z, at)).sort();
  return days[0] ?? null;
}

/** A calendar day plus `days` (YYYY-MM-DD, whole days, no time zone involved). */
export function addDaysToIso(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
