import { distance } from 'fastest-levenshtein';
import type { ChatReply } from '@careslot/contracts/chat';

/**
 * The safety layer (docs/chat.md, "Safety"): runs on every message before any engine, and on every reply an engine
 * writes. Emergencies get only the emergency answer of the region; symptom and medicine questions get a kind refusal;
 * attempts to change the rules or reach other people's data get a refusal.
 */

export type Region = 'uk' | 'usa';

/** Lower case, apostrophes dropped, everything else that is not a letter or digit a space; common contractions joined. */
export function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’'`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bcan not\b/g, 'cant')
    .replace(/\bcannot\b/g, 'cant')
    .replace(/\bunable to\b/g, 'cant')
    .replace(/\bdo not\b/g, 'dont')
    .replace(/\bwill not\b/g, 'wont')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

export const tokens = (normalised: string) => normalised.trim().split(' ').filter(Boolean);

/** Whether a typed word is the wanted word or a likely misspelling of it (one slip for short words, two for long). */
export function near(typed: string, wanted: string): boolean {
  if (typed === wanted) return true;
  if (wanted.length <= 3 || typed.length < 3 || EXACT_ONLY.has(wanted)) return false;
  const allowed = wanted.length >= 8 ? 2 : 1;
  return (Math.abs(typed.length - wanted.length) <= allowed && distance(typed, wanted) <= allowed) || swapped(typed, wanted);
}

/** Two neighbouring letters typed the wrong way round ("pian" for "pain"). */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Words one slip away from an everyday word ("choking"/"cooking", "stroke"/"stoke"): matched only as typed. */
const EXACT_ONLY = new Set(['choking', 'stroke', 'fitting', 'collapsed', 'seizure', 'poisoned']);

/**
 * Whether the phrase's words appear in order, each possibly misspelt, with at most `gap` other words between two of
 * them. `*` in a phrase matches any one word.
 */
export function hasPhrase(words: string[], phrase: string, gap = 2): boolean {
  const want = phrase.split(' ');
  for (let start = 0; start < words.length; start++) {
    if (!(want[0] === '*' || near(words[start]!, want[0]!))) continue;
    let at = start;
    let ok = true;
    for (let k = 1; k < want.length && ok; k++) {
      ok = false;
      for (let j = at + 1; j <= Math.min(words.length - 1, at + 1 + gap); j++) {
        if (want[k] === '*' || near(words[j]!, want[k]!)) {
          at = j;
          ok = true;
          break;
        }
      }
    }
    if (ok) return true;
  }
  return false;
}

type EmergencyKind = 'medical' | 'crisis';

/** Phrases of an emergency, written plainly; misspellings are caught by `near`. */
const EMERGENCY_PHRASES: Record<EmergencyKind, string[]> = {
  medical: [
    'chest pain',
    'chest pains',
    'pain in chest',
    'chest hurts',
    'chest tight',
    'chest tightness',
    'crushing chest',
    'heart attack',
    'cardiac arrest',
    'cant breathe',
    'cant breath',
    'struggling to breathe',
    'difficulty breathing',
    'trouble breathing',
    'hard to breathe',
    'not breathing',
    'stopped breathing',
    'short of breath',
    'shortness of breath',
    'choking',
    'stroke',
    'face drooping',
    'face is drooping',
    'slurred speech',
    'speech is slurred',
    'arm is weak',
    'sudden weakness',
    'heavy bleeding',
    'bleeding heavily',
    'bleeding badly',
    'severe bleeding',
    'wont stop bleeding',
    'bleeding wont stop',
    'losing a lot of blood',
    'lot of blood',
    'anaphylaxis',
    'anaphylactic',
    'anaphylactic shock',
    'severe allergic reaction',
    'bad allergic reaction',
    'allergic reaction throat',
    'throat is closing',
    'throat closing',
    'throat swelling',
    'tongue swelling',
    'lips swelling',
    'epipen',
    'overdose',
    'overdosed',
    'took too many pills',
    'taken too many pills',
    'swallowed too many',
    'too many tablets',
    'unconscious',
    'wont wake up',
    'not waking up',
    'unresponsive',
    'collapsed',
    'seizure',
    'having a fit',
    'poisoned',
    'swallowed bleach',
    'severe burn',
    'coughing up blood',
    'vomiting blood',
    'head injury',
    'meningitis',
    'sepsis',
  ],
  crisis: [
    'suicide',
    'suicidal',
    'kill myself',
    'killing myself',
    'end my life',
    'ending my life',
    'end it all',
    'take my own life',
    'want to die',
    'wanna die',
    'dont want to live',
    'dont want to be alive',
    'better off dead',
    'self harm',
    'selfharm',
    'harm myself',
    'want to hurt myself',
    'going to hurt myself',
    'cut myself',
    'cutting myself',
  ],
};

/** Words that are emergencies only as whole words (too short, or too close to ordinary words, for the fuzzy match). */
const EXACT_EMERGENCY: Record<EmergencyKind, RegExp> = {
  medical: /\b(od|odd|overdoes|overdosing|strokes?|strok|seizures|anaphylaxis|anaphalaxis|anafylaxis|bleeding out|cpr|999|911)\b/,
  crisis: /\b(sucide|suicde|suiside|sucidal|suicidel|kms|unalive|unaliving)\b/,
};

export function detectEmergency(message: string): EmergencyKind | null {
  const n = normalise(message).replace(/ stoke on trent /g, ' ');
  const words = tokens(n);
  // Crisis first: its answer carries both the emergency number and the crisis line.
  for (const kind of ['crisis', 'medical'] as const) {
    if (EXACT_EMERGENCY[kind].test(n)) {
      // "od" only with a medicine word near it; "911"/"999" only when asking for them, not a ZIP.
      if (/\bod(d)?\b/.test(n) && !/\b(pills?|tablets?|meds|medicine|drugs?|paracetamol|tylenol)\b/.test(n) && !/\bi (od|odd)\b/.test(n)) {
        /* not an emergency by this word alone */
      } else if (/\b(999|911)\b/.test(n) && !/\b(call|dial|ring|phone)\b/.test(n)) {
        /* a number on its own */
      } else return kind;
    }
    for (const phrase of EMERGENCY_PHRASES[kind]) if (hasPhrase(words, phrase, phrase.includes(' ') ? 2 : 0)) return kind;
  }
  return null;
}

export function emergencyReply(region: Region, kind: EmergencyKind): ChatReply {
  const text =
    region === 'usa'
      ? kind === 'crisis'
        ? 'Please get help now. If you are in danger or might act on these thoughts, call 911. You can call or text 988 ' +
          '(the 988 Suicide & Crisis Lifeline) at any time to talk to someone. You are not alone.'
        : 'This sounds like an emergency. Call 911 now. If you can, stay with someone while you wait.'
      : kind === 'crisis'
        ? 'Please get help now. If you are in danger or might act on these thoughts, call 999. You can call Samaritans ' +
          'free on 116 123 at any time, day or night, to talk to someone. You are not alone.'
        : 'This sounds like an emergency. Call 999 now. If you are not sure it is an emergency, call NHS 111 for urgent ' +
          'advice. If you can, stay with someone while you wait.';
  return { kind: 'emergency', text };
}

// ---- Symptom and medicine questions: never diagnose, never advise on medicines or doses ----

const MEDICINES =
  /\b(ibuprofen|paracetamol|acetaminophen|tylenol|advil|nurofen|motrin|aspirin|codeine|tramadol|morphine|oxycodone|amoxicillin|penicillin|antibiotics?|antihistamines?|cetirizine|loratadine|benadryl|sertraline|fluoxetine|prozac|citalopram|diazepam|valium|xanax|insulin|metformin|statins?|warfarin|steroids?|prednisolone|viagra|melatonin|naproxen|omeprazole|painkillers?|medications?|medicines?|meds|pills?|tablets?|drugs?)\b/;
const DOSE =
  /\b(mix|mixing|combine|safe|dose|doses|dosage|dosing|mg|milligrams?|ml|how much|how many|overdo|double up|mix(ing)? with|alcohol with|safe to take|ok to take|okay to take|can i take|should i take|what (can|should) i take|take for)\b/;
const DIAGNOSIS =
  /\b(diagnos\w*|(what is|whats) wrong with (me|my)|do i have (?!an? (appointment|booking)|any (appointments|bookings))|is (it|this|that|my \w+) (\w+ )?(serious|cancer|cancerous|normal|contagious|infected|dangerous)|what causes|why do i (have|get|feel)|why does my|what could (it|this|that)( \w+)? be|should i (be worried|worry)|how (do i|to|can i) (treat|cure|get rid of|stop)|home remed\w*|cure for|treatment for|symptoms? of)\b/;

export type MedicalQuestion = 'medicine' | 'diagnosis';

export function detectMedicalQuestion(message: string): MedicalQuestion | null {
  const n = normalise(message);
  if (MEDICINES.test(n) && DOSE.test(n)) return 'medicine';
  if (/\b(what (can|should) i take|what to take|dose|dosage|milligrams|mg)\b/.test(n)) return 'medicine';
  if (DIAGNOSIS.test(n)) return 'diagnosis';
  return null;
}

export function medicalRefusal(kind: MedicalQuestion, region: Region, specialityName?: string): ChatReply {
  const who = specialityName ? `a ${specialityName.toLowerCase()}` : 'a clinician';
  const base =
    kind === 'medicine'
      ? "I'm sorry, I can't give advice about medicines or doses. A pharmacist, or the clinician who prescribed it, can tell you what is safe for you."
      : "I'm sorry, I can't tell what is causing symptoms or how to treat them: only a clinician who can ask you questions and examine you can do that.";
  const urgent =
    region === 'usa'
      ? ' If it feels urgent or is getting worse quickly, call 911.'
      : ' If it feels urgent, call NHS 111 for advice, or 999 in an emergency.';
  return {
    kind: 'refusal',
    text: `${base}${urgent} I can help you find ${who} near you and book a time.`,
    suggestions: [specialityName ? `Find ${who}` : 'Find a GP', 'How do fees work?'],
  };
}

// ---- Attempts to change the rules, or to reach other people's data ----

const RULE_BREAKING =
  /\b(ignore|disregard|forget|override|bypass) (all |any |the |your |my |previous |prior |earlier |above )*(instructions?|rules?|prompts?|guidelines|restrictions|safety)\b|\b(system prompt|developer mode|jailbreak|dan mode|you are now|act as (a|an) (doctor|physician|pharmacist)|pretend (to be|you are)|reveal your|show me your (prompt|instructions|rules)|no restrictions)\b/;
const OTHERS_DATA =
  /\b((other|another|all|every|someone elses?|somebody elses?|other peoples?|everyones?) (patients?|users?|peoples?|persons?|accounts?|customers?)|(patients?|users?) (list|data|records|details|emails?|bookings?|appointments?)|(all|every|everyones?) (the )?(bookings?|appointments?)|(someone|somebody) elses|database|sql|admin (access|password)|(email|phone|address) (of|for) (dr|doctor|patient|another|someone))\b/;
const NAMED_OTHERS = /\b([a-z]+)s (bookings?|appointments?|records|details)\b/;

export function detectRuleBreaking(message: string): boolean {
  const n = normalise(message);
  if (RULE_BREAKING.test(n) || OTHERS_DATA.test(n)) return true;
  const named = NAMED_OTHERS.exec(n);
  return !!named && !['my', 'your', 'its', 'this', 'upcoming', 'previous', 'past', 'future', 'cancel'].includes(named[1]!);
}

export const RULES_REPLY: ChatReply = {
  kind: 'refusal',
  text:
    "I can't do that. I keep to the same rules in every conversation: I only show a signed-in patient their own " +
    'appointments, I never share anyone else’s details, and I can’t give medical advice. I can help you find a ' +
    'clinician or answer questions about CareSlot.',
  suggestions: ['Find a dentist', 'My appointments', 'How do fees work?'],
};

// ---- After an engine: what a reply may never say ----

const UNSAFE_OUTPUT =
  /\b(\d+(\.\d+)?\s?(mg|milligrams?|ml|mcg)\b|take (\d+|one|two|three) (tablets?|pills?|capsules?)|you (probably |likely |may |might )?have (a |an )?[a-z]+ (infection|disease|syndrome|disorder|cancer)|i diagnose|my diagnosis)/i;

/** Whether an engine's text says something the rules forbid (a dose, a diagnosis). */
export function unsafeOutput(text: string): boolean {
  return UNSAFE_OUTPUT.test(text);
}
