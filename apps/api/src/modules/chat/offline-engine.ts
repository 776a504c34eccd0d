import type { ChatReply } from '@careslot/contracts/chat';
import { DEFAULT_RADIUS } from '@careslot/contracts/search';
import type { ChatEngine, ChatState, TurnContext, TurnResult } from './chat.types';
import { normalise } from './safety';
import { changeBookingReply, lookUpHelp, myAppointments, searchCare, UNKNOWN_REPLY, type ToolDeps } from './tools';
import {
  asksForMyAppointments,
  asksToChangeBooking,
  findPlace,
  findRadius,
  findSpecialitySlug,
  findWhen,
  isGreeting,
  isThanks,
  namesTownOnly,
  SPECIALITY_CHIPS,
  startsOver,
  wantsCare,
} from './understand';

/**
 * The default engine (docs/chat.md, "Finding care"): rules and retrieval, no outside service. It fills a search over
 * several turns — speciality, then postcode or ZIP; radius and time are optional — asking one question at a time.
 */

export const INTRO_TEXT =
  "Hello, I'm the CareSlot assistant. I can find a clinician near you (tell me what you need, a postcode or ZIP, and " +
  'when), answer questions about booking, fees and your data, and show your appointments when you are signed in. I ' +
  "can't give medical advice. In an emergency call 999 in the UK or 911 in the USA.";

const INTRO: ChatReply = {
  kind: 'answer',
  text: INTRO_TEXT,
  suggestions: ['Find a dentist near me', 'How do fees work?', 'My appointments'],
};

const ASK_SPECIALITY = (town: boolean): ChatReply => ({
  kind: 'question',
  text: `${town ? 'I search by postcode or ZIP rather than town. ' : ''}What kind of clinician are you looking for? For example a GP, a dentist or a dermatologist — or tell me what the problem is about, like "tooth ache" or "a rash".`,
  suggestions: SPECIALITY_CHIPS,
});

const ASK_PLACE = (what: string | undefined, town: boolean): ChatReply => ({
  kind: 'question',
  text: `${town ? 'I search by postcode or ZIP rather than town. ' : ''}Which postcode or ZIP should I search near${what ? ` for a ${what}` : ''}? For example SW1A 1AA or 10017.`,
});

const SPECIALITY_LABEL: Record<string, string> = {
  gp: 'GP',
  dentist: 'dentist',
  orthodontics: 'orthodontist',
  dermatology: 'dermatologist',
  cardiology: 'cardiologist',
  paediatrics: 'paediatrician',
  orthopaedics: 'orthopaedic specialist',
  gynaecology: 'gynaecologist',
  ophthalmology: 'eye specialist',
  ent: 'ear, nose and throat specialist',
  psychiatry: 'psychiatrist',
  neurology: 'neurologist',
  endocrinology: 'endocrinologist',
  physiotherapy: 'physiotherapist',
};

export const specialityLabel = (slug: string | undefined) => (slug ? (SPECIALITY_LABEL[slug] ?? slug) : undefined);

/** "how …", "what …", "can I …", or a question mark: a question about CareSlot rather than a request for care. */
const isQuestion = (message: string) =>
  /\?\s*$/.test(message) || /^ (how|what|whats|why|when|where|who|is|are|can|could|do|does|will|should|which) /.test(normalise(message));

export function createOfflineEngine(deps: ToolDeps): ChatEngine {
  return {
    name: 'offline',
    async answer(ctx: TurnContext): Promise<TurnResult> {
      const { message } = ctx;
      const state: ChatState = { ...ctx.state };
      const done = (reply: ChatReply, next: ChatState = state): TurnResult => ({ reply, state: next });

      if (startsOver(message))
        return done({ kind: 'answer', text: 'All right, let’s start again. What are you looking for?', suggestions: SPECIALITY_CHIPS }, {});
      if (isGreeting(message)) return done(INTRO);
      if (isThanks(message))
        return done({
          kind: 'answer',
          text: 'You’re welcome. Is there anything else I can help with?',
          suggestions: ['Find a GP', 'My appointments'],
        });
      const change = asksToChangeBooking(message);
      if (change) return done(changeBookingReply(change, !!ctx.patientId));
      if (asksForMyAppointments(message)) return done(await myAppointments(deps, ctx.patientId));

      const slug = findSpecialitySlug(message);
      const place = findPlace(message);
      const radius = findRadius(message);
      const when = findWhen(message, place?.region ?? state.placeRegion ?? ctx.region, ctx.now);
      const hasContext = !!(state.speciality || state.postcode);

      // A question about CareSlot ("how much does a dentist cost?") is answered from help, unless it also gives a place.
      if (isQuestion(message) && !place && !/\b(find|need|looking|search|book me|get me)\b/i.test(message)) {
        const help = lookUpHelp(message);
        if (help) return done(help);
      }

      const refines = (radius !== null || when !== null) && hasContext;
      const answersQuestion = (state.asked === 'speciality' && slug) || (state.asked === 'place' && place);
      if (slug || place || refines || answersQuestion || (wantsCare(message) && !isQuestion(message))) {
        if (slug) state.speciality = slug;
        if (place) {
          state.postcode = place.postcode;
          state.placeRegion = place.region;
        }
        if (radius !== null) state.radius = radius;
        if (when) state.when = when.label === 'any time' ? undefined : when;
        const town = namesTownOnly(message);
        if (!state.speciality) return done(ASK_SPECIALITY(town), { ...state, asked: 'speciality' });
        if (!state.postcode) return done(ASK_PLACE(specialityLabel(state.speciality), town), { ...state, asked: 'place' });
        const outcome = await searchCare(deps, {
          speciality: state.speciality,
          postcode: state.postcode,
          region: state.placeRegion ?? ctx.region,
          radius: state.radius ?? DEFAULT_RADIUS,
          when: state.when,
        });
        if (!outcome.ok) {
          if (outcome.problem === 'postcode') {
            const bad = state.postcode;
            delete state.postcode;
            return done(
              {
                kind: 'question',
                text: `I couldn't find the postcode or ZIP ${bad}. Could you check it and type it again? For example SW1A 1AA or 10017.`,
              },
              { ...state, asked: 'place' },
            );
          }
          delete state.speciality;
          return done(ASK_SPECIALITY(false), { ...state, asked: 'speciality' });
        }
        return done(outcome.reply, { ...state, asked: undefined });
      }

      const help = lookUpHelp(message);
      if (help) return done(help);

      if (state.asked === 'place')
        return done({
          kind: 'question',
          text: `Sorry, I didn't catch a postcode or ZIP there. Which postcode or ZIP should I search near? For example SW1A 1AA or 10017.`,
        });
      if (state.asked === 'speciality') return done(ASK_SPECIALITY(false));
      return done(UNKNOWN_REPLY);
    },
  };
}
