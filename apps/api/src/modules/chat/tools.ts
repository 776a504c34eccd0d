import { DateTime } from 'luxon';
import type { ChatLink, ChatProvider, ChatReply } from '@careslot/contracts/chat';
import { formatMoney } from '@careslot/contracts/money';
import { DEFAULT_RADIUS } from '@careslot/contracts/search';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { appointmentsOf } from '../patients/patients.service';
import { searchService, type SearchDeps } from '../search/search.service';
import { firstFreeSlotsInWindow } from './chat.repository';
import { confidentHelp } from './help';
import type { Region } from './safety';
import type { When } from './understand';

/**
 * The three actions either engine may take (docs/chat.md, "Actions"): search for providers, look up help, list the
 * caller's own appointments. The language model picks among exactly these; what they return is real data.
 */

export interface ToolDeps {
  db: Queryable;
  search: SearchDeps;
}

/** Cards shown in one reply. */
export const CARDS_PER_REPLY = 3;
/** Search pages read at most when a time window filters the results. */
const MAX_PAGES = 8;

export interface CareQuery {
  speciality: string;
  postcode: string;
  region: Region;
  radius?: number;
  when?: When;
}

export type CareOutcome =
  { ok: true; reply: ChatReply; specialityName: string } | { ok: false; problem: 'postcode' | 'speciality'; message: string };

const slotText = (startsAt: Date | string, zone: string) => DateTime.fromJSDate(new Date(startsAt), { zone }).toFormat('ccc d LLL, h:mm a');

/** Real providers of the speciality within the radius, with a free time in the window when one is asked for. */
export async function searchCare(deps: ToolDeps, q: CareQuery): Promise<CareOutcome> {
  const radius = q.radius ?? DEFAULT_RADIUS;
  const cards: ChatProvider[] = [];
  let specialityName = q.speciality;
  let total = 0;
  try {
    for (let page = 1; page <= (q.when ? MAX_PAGES : 1) && cards.length < CARDS_PER_REPLY; page++) {
      const res = await searchService(deps.db, deps.search, {
        postcode: q.postcode,
        specialty: q.speciality,
        radius,
        page,
        sort: q.when ? 'availability' : 'distance',
        selectedRegion: q.region,
      });
      specialityName = res.speciality.name;
      total = res.total;
      const rows = res.data;
      const inWindow = q.when
        ? new Map(
            (
              await firstFreeSlotsInWindow(
                deps.db,
                rows.map((r) => r.id),
                q.when,
              )
            ).map((s) => [s.provider_id, s]),
          )
        : null;
      for (const r of rows) {
        if (cards.length >= CARDS_PER_REPLY) break;
        const slot = inWindow ? inWindow.get(r.id) : null;
        if (inWindow && !slot) continue;
        const next = slot
          ? slotText(slot.starts_at, slot.time_zone)
          : r.next_available_slot
            ? slotText(r.next_available_slot.starts_at, r.next_available_slot.time_zone)
            : null;
        cards.push({
          id: r.id,
          name: r.name,
          speciality: r.speciality ?? specialityName,
          distance: r.distance,
          hospital_name: slot?.hospital_name ?? r.hospital_name ?? '',
          next_free: next,
          fee: formatMoney(r.amount_minor, q.region),
          profile_path: `/doctor-profile/${r.id}/${r.distance}?region=${q.region}`,
        });
      }
      if (page >= res.total_pages) break;
    }
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) {
      const problem = /speciality/i.test(err.message) ? 'speciality' : 'postcode';
      return { ok: false, problem, message: err.message };
    }
    throw err;
  }
  const what = specialityName.toLowerCase();
  const where = `within ${radius} miles of ${q.postcode}`;
  const whenText = q.when && q.when.label !== 'any time' ? ` with a free time ${q.when.label}` : '';
  if (cards.length === 0) {
    const wider = Math.min(200, radius * 2);
    return {
      ok: true,
      specialityName,
      reply: {
        kind: 'results',
        text:
          total > 0 && q.when
            ? `I found ${what} providers ${where}, but none with a free time ${q.when.label}. Shall I look at another time?`
            : `I couldn't find a ${what} provider ${where}. Shall I look further away?`,
        suggestions: q.when ? ['Any time', `Within ${wider} miles`] : [`Within ${wider} miles`, 'Start over'],
      },
    };
  }
  const count = cards.length === 1 ? 'one' : `${cards.length}`;
  return {
    ok: true,
    specialityName,
    reply: {
      kind: 'results',
      text: `Here ${cards.length === 1 ? 'is' : 'are'} ${count} ${what} provider${cards.length === 1 ? '' : 's'} ${where}${whenText}, nearest first. Open a card to see every free time and book.`,
      providers: cards,
      links: [
        {
          label: 'See all results',
          href: `/results?postcode=${encodeURIComponent(q.postcode)}&specialty=${q.speciality}&radius=${radius}&region=${q.region}`,
        },
      ],
      suggestions: q.when ? ['Any time', 'Within 10 miles'] : ['Tomorrow', 'This week', 'Within 10 miles'],
    },
  };
}

/** The help article answering a question, or null below the confidence threshold. */
export function lookUpHelp(question: string): ChatReply | null {
  const article = confidentHelp(question);
  if (!article) return null;
  return {
    kind: 'help',
    text: `${article.title}: ${article.body}`,
    ...(article.link ? { links: [article.link] } : {}),
    suggestions: ['Find a GP', 'Contact us'],
  };
}

export const UNKNOWN_REPLY: ChatReply = {
  kind: 'unknown',
  text:
    "I'm sorry, I don't know the answer to that. Our team can help through the contact page. I can also find you a " +
    'clinician, or answer questions about fees, payments, cancelling, your data and how providers are verified.',
  links: [{ label: 'Contact us', href: '/contact-us' }],
  suggestions: ['Find a dentist', 'How do fees work?'],
};

/** The caller's own upcoming appointments, never anyone else's: the patient id comes from the session, not the text. */
export async function myAppointments(deps: ToolDeps, patientId: string | null): Promise<ChatReply> {
  if (!patientId)
    return {
      kind: 'answer',
      text: 'Please sign in to see your appointments. Once signed in, ask me again or open your profile.',
      links: [{ label: 'Sign in', href: '/sign-in' }],
    };
  const { upcoming } = await appointmentsOf(deps.db, patientId);
  if (upcoming.length === 0)
    return {
      kind: 'answer',
      text: 'You have no upcoming appointments. Would you like me to find a clinician?',
      links: [{ label: 'My appointments', href: '/userProfile' }],
      suggestions: ['Find a GP', 'Find a dentist'],
    };
  const lines = upcoming
    .slice(0, 5)
    .map((a) => `${a.doctor_name} (${a.speciality}), ${slotText(a.starts_at, a.time_zone)} at ${a.hospital_name}`);
  const links: ChatLink[] = upcoming
    .slice(0, 5)
    .map((a) => ({ label: `${a.doctor_name}'s profile`, href: `/doctor-profile/${a.provider_id}/0?region=${a.region}` }));
  return {
    kind: 'answer',
    text: `Your upcoming appointment${upcoming.length === 1 ? '' : 's'}: ${lines.join('; ')}. To cancel or change one, open My appointments.`,
    links: [{ label: 'My appointments', href: '/userProfile' }, ...links],
  };
}

export function changeBookingReply(kind: 'cancel' | 'reschedule', signedIn: boolean): ChatReply {
  const verb = kind === 'cancel' ? 'cancel' : 'move';
  return {
    kind: 'answer',
    text: signedIn
      ? `I can't ${verb} appointments in this chat, so nothing has been changed. Open My appointments to ${verb} it, or contact us and we will help.`
      : `I can't ${verb} appointments in this chat. Please sign in and open My appointments to ${verb} it, or contact us.`,
    links: [
      signedIn ? { label: 'My appointments', href: '/userProfile' } : { label: 'Sign in', href: '/sign-in' },
      { label: 'Contact us', href: '/contact-us' },
    ],
  };
}
