import { DateTime } from 'luxon';
import { MAX_RADIUS_MILES } from '@careslot/contracts/search';
import { hasPhrase, normalise, tokens, type Region } from './safety';

/**
 * What the offline engine reads from a message (docs/chat.md, "Finding care"): a speciality from everyday words, a UK
 * postcode or US ZIP, a radius and a time window.
 */

/** Everyday words → speciality slug (the seeded slugs, docs/search.md). Earlier entries win over later ones. */
const SPECIALITY_WORDS: [slug: string, phrases: string[]][] = [
  ['orthodontics', ['orthodontist', 'orthodontics', 'braces', 'brace', 'invisalign', 'aligners', 'crooked teeth', 'retainer']],
  [
    'dentist',
    [
      'dentist',
      'dental',
      'tooth ache',
      'toothache',
      'tooth',
      'teeth',
      'filling',
      'gums',
      'gum',
      'wisdom tooth',
      'cavity',
      'crown',
      'root canal',
      'hygienist',
      'check up teeth',
    ],
  ],
  [
    'dermatology',
    ['dermatologist', 'dermatology', 'skin', 'rash', 'acne', 'eczema', 'psoriasis', 'mole', 'moles', 'spots', 'itchy', 'hives'],
  ],
  ['cardiology', ['cardiologist', 'cardiology', 'heart', 'palpitations', 'blood pressure', 'hypertension', 'cholesterol']],
  [
    'paediatrics',
    [
      'paediatrician',
      'pediatrician',
      'paediatrics',
      'pediatrics',
      'child',
      'children',
      'kid',
      'kids',
      'baby',
      'toddler',
      'son',
      'daughter',
    ],
  ],
  [
    'orthopaedics',
    [
      'orthopaedic',
      'orthopedic',
      'orthopaedics',
      'orthopedics',
      'bone',
      'bones',
      'joint',
      'joints',
      'knee',
      'hip',
      'shoulder',
      'fracture',
      'broken',
    ],
  ],
  [
    'gynaecology',
    [
      'gynaecologist',
      'gynecologist',
      'gynaecology',
      'gynecology',
      'obgyn',
      'period',
      'periods',
      'smear',
      'menopause',
      'pregnancy',
      'pregnant',
      'womens health',
    ],
  ],
  [
    'ophthalmology',
    ['ophthalmologist', 'ophthalmology', 'eye', 'eyes', 'eye test', 'eyesight', 'vision', 'optician', 'glasses', 'cataract'],
  ],
  ['ent', ['ent', 'ear nose throat', 'ear', 'ears', 'earache', 'hearing', 'sinus', 'sinuses', 'tonsils', 'tonsillitis', 'throat']],
  [
    'psychiatry',
    ['psychiatrist', 'psychiatry', 'mental health', 'anxiety', 'depression', 'depressed', 'adhd', 'bipolar', 'therapist', 'stress'],
  ],
  [
    'neurology',
    ['neurologist', 'neurology', 'migraine', 'migraines', 'headache', 'headaches', 'epilepsy', 'numbness', 'tingling', 'nerve'],
  ],
  ['endocrinology', ['endocrinologist', 'endocrinology', 'diabetes', 'diabetic', 'thyroid', 'hormone', 'hormones']],
  [
    'physiotherapy',
    [
      'physio',
      'physiotherapist',
      'physiotherapy',
      'physical therapist',
      'physical therapy',
      'back pain',
      'sports injury',
      'sprain',
      'sprained',
      'physical therapy',
    ],
  ],
  [
    'gp',
    [
      'gp',
      'general practitioner',
      'family doctor',
      'family medicine',
      'primary care',
      'doctor',
      'doc',
      'physician',
      'check up',
      'checkup',
      'cold',
      'flu',
      'cough',
      'fever',
      'sore throat',
    ],
  ],
];

/** Every speciality slug the assistant knows (the seeded ones), e.g. for a language model's search tool. */
export const SPECIALITY_SLUGS = [...new Set(SPECIALITY_WORDS.map(([slug]) => slug))];

/** The speciality the message names, by slug, or null. "sore throat" and "check up" are a GP's. */
export function findSpecialitySlug(message: string): string | null {
  const n = normalise(message);
  const words = tokens(n);
  if (/ (sore throat|general check up|checkup|check up) /.test(n) && !/ (teeth|tooth|dental|eye) /.test(n)) return 'gp';
  for (const [slug, phrases] of SPECIALITY_WORDS) {
    for (const phrase of phrases) {
      const short = phrase.length <= 5;
      if (short ? n.includes(` ${phrase} `) : hasPhrase(words, phrase, 0)) return slug;
    }
  }
  return null;
}

/** Chips offered when the speciality is missing. */
export const SPECIALITY_CHIPS = ['GP', 'Dentist', 'Dermatologist', 'Eye doctor', 'Physiotherapist'];

// ---- Place ----

const UK_FULL = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/i;
const UK_OUTWARD = /(?:\b(?:near|in|around|at|postcode|by|close to)\s+)([A-Z]{1,2}\d[A-Z\d]?)\b/i;
const UK_OUTWARD_ALONE = /^\s*([A-Z]{1,2}\d[A-Z\d]?)\s*[.!]?\s*$/i;
const US_ZIP = /\b(\d{5})(?:-\d{4})?\b/;

/** A UK postcode (full, or an outward code after "near"/"in") or a US ZIP in the message, as typed; null if none. */
export function findPlace(message: string): { postcode: string; region: Region } | null {
  const full = UK_FULL.exec(message);
  if (full) return { postcode: `${full[1]!.toUpperCase()} ${full[2]!.toUpperCase()}`, region: 'uk' };
  const zip = US_ZIP.exec(message);
  if (zip) return { postcode: zip[1]!, region: 'usa' };
  const outward = UK_OUTWARD.exec(message) ?? UK_OUTWARD_ALONE.exec(message);
  if (outward && /\d/.test(outward[1]!)) return { postcode: outward[1]!.toUpperCase(), region: 'uk' };
  return null;
}

/** A town named without a postcode ("near Manchester"): we search by postcode only, so we ask for one. */
export function namesTownOnly(message: string): boolean {
  return /\b(near|in|around)\s+[A-Z][a-z]{2,}/.test(message) && !findPlace(message);
}

// ---- Radius ----

/** "within 10 miles", "5mi", "8 km", "10 mile radius" → miles (1 to the maximum), or null. */
export function findRadius(message: string): number | null {
  const m = /(\d{1,4}(?:\.\d+)?)\s*(miles?|mi|mls|km|kms|kilometres?|kilometers?)\b/i.exec(message);
  const within = m ? null : /\bwithin\s+(\d{1,3})\b(?!\s*(?:am|pm|:|days?|weeks?|hours?))/i.exec(message);
  const raw = m ? Number(m[1]) : within ? Number(within[1]) : null;
  if (raw === null || !Number.isFinite(raw) || raw <= 0) return null;
  const miles = m && /^k/i.test(m[2]!) ? raw / 1.609 : raw;
  return Math.min(MAX_RADIUS_MILES, Math.max(1, Math.round(miles)));
}

// ---- Time words ----

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** A window of local dates (inclusive, yyyy-MM-dd in the region's zone) and optionally a part of the day. */
export interface When {
  from: string;
  to: string;
  part?: PartOfDay;
  /** How the patient said it, for the reply ("tomorrow", "this week", "Saturday morning"). */
  label: string;
}

export const REGION_ZONE: Record<Region, string> = { uk: 'Europe/London', usa: 'America/New_York' };

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const DAY_SHORT: Record<string, string> = {
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
};

/** The time window a message asks for, relative to `now` in the region's zone; null when it names none. */
export function findWhen(message: string, region: Region, now: Date = new Date()): When | null {
  const n = normalise(message).replace(/\b(tmrw|tmr|tomorow|tommorow|tommorrow|tomorro|2moro)\b/g, 'tomorrow');
  const today = DateTime.fromJSDate(now, { zone: REGION_ZONE[region] }).startOf('day');
  const iso = (d: DateTime) => d.toISODate()!;
  const part: PartOfDay | undefined = / morning /.test(n)
    ? 'morning'
    : / (afternoon|lunchtime) /.test(n)
      ? 'afternoon'
      : / (evening|tonight|after work) /.test(n)
        ? 'evening'
        : undefined;
  const partLabel = part ? ` ${part}` : '';

  if (/ (any ?time|whenever|no preference|dont mind|any day) /.test(n))
    return { from: iso(today), to: iso(today.plus({ days: 60 })), label: 'any time' };
  if (/ (today|tonight|asap|as soon as possible|right now) /.test(n))
    return {
      from: iso(today),
      to: iso(today),
      part: / tonight /.test(n) ? 'evening' : part,
      label: / tonight /.test(n) ? 'tonight' : `today${partLabel}`,
    };
  if (/ tomorrow /.test(n))
    return { from: iso(today.plus({ days: 1 })), to: iso(today.plus({ days: 1 })), part, label: `tomorrow${partLabel}` };
  if (/ next week /.test(n)) {
    const start = today.plus({ weeks: 1 }).startOf('week');
    return { from: iso(start), to: iso(start.endOf('week')), part, label: 'next week' };
  }
  if (/ (this week|in the next few days|in the coming days) /.test(n))
    return { from: iso(today), to: iso(today.endOf('week')), part, label: 'this week' };
  if (/ (this weekend|weekend|at the weekend|on the weekend) /.test(n)) {
    const sat = today.weekday === 7 ? today.minus({ days: 1 }) : today.plus({ days: (6 - today.weekday + 7) % 7 });
    const from = sat < today ? today : sat;
    return { from: iso(from), to: iso(sat.plus({ days: 1 })), part, label: 'this weekend' };
  }
  const words = tokens(n).map((w) => DAY_SHORT[w] ?? w.replace(/s$/, ''));
  const day = words.find((w) => DAYS.includes(w));
  if (day) {
    const target = DAYS.indexOf(day) + 1;
    const ahead = (target - today.weekday + 7) % 7;
    const date = today.plus({ days: ahead === 0 && / next /.test(n) ? 7 : ahead });
    const name = day[0]!.toUpperCase() + day.slice(1);
    return { from: iso(date), to: iso(date), part, label: `${name}${partLabel}` };
  }
  if (part) return { from: iso(today), to: iso(today.plus({ days: 14 })), part, label: `in the ${part}` };
  return null;
}

/** Whether a slot starting at `startsAt`, read in its clinic's zone, falls in the window. */
export function inWindow(when: When, startsAt: Date, timeZone: string): boolean {
  const local = DateTime.fromJSDate(startsAt, { zone: timeZone });
  const date = local.toISODate()!;
  if (date < when.from || date > when.to) return false;
  if (!when.part) return true;
  const h = local.hour;
  return when.part === 'morning' ? h < 12 : when.part === 'afternoon' ? h >= 12 && h < 17 : h >= 17;
}

// ---- Other intents ----

export function asksForMyAppointments(message: string): boolean {
  return / (my|mine) (upcoming |next |future |current )?(appointments?|bookings?|appts?|visits?) |( when is my| whens my| do i have an?) (appointment|booking)|^ (appointments|bookings) $/.test(
    normalise(message),
  );
}

export function asksToChangeBooking(message: string): 'cancel' | 'reschedule' | null {
  const n = normalise(message);
  if (/ (cancel|cancell?ation) /.test(n) && / (my|appointment|booking|it) /.test(n) && !/ (policy|fee|refund|how does|what is) /.test(n))
    return 'cancel';
  if (/ (reschedule|re schedule|move|change|postpone) (my |the )?(appointment|booking|it|time) /.test(n) || / reschedul/.test(n))
    return 'reschedule';
  return null;
}

export function isGreeting(message: string): boolean {
  return /^ (hi|hello|hey|hiya|good (morning|afternoon|evening)|yo|howdy|hi there|hello there)( there)? $/.test(normalise(message));
}

export function isThanks(message: string): boolean {
  return /^ (thanks?|thank you|thx|ty|cheers|great|perfect|ok|okay|brilliant)( (so much|very much|a lot))? $/.test(normalise(message));
}

/** Words that mean the person wants to find or book someone. */
export function wantsCare(message: string): boolean {
  return / (find|need|book|looking for|look for|see a|see an|appointment|search|want a|want an|get a|nearest|near me|nearby|available) /.test(
    normalise(message),
  );
}

export function startsOver(message: string): boolean {
  return /^ (start over|restart|reset|new search|start again|clear) $/.test(normalise(message));
}
