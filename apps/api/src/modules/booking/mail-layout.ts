import { formatOrdinalDate } from '@careslot/contracts/time';
import type { Config } from '../../config';
import { escapeHtml } from '../../lib/html';
import { hospitalLocation } from '../../lib/hospital-location';
import { describeSlot } from '../availability/availability.service';
import type { BookingRow, SlotContext } from './booking.repository';
import { buildIcs, parseMailbox } from './ics';

/** The site's origin for links in e-mails and the gateway's return link: PUBLIC_URL, else this server. */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Who a booking e-mail is for and what it links to. */
export interface MailPeople {
  patient: { first_name: string; last_name: string; email: string };
  /** MAIL_FROM, the invitation's organizer. */
  from: string;
  publicUrl: string;
}

/** What booking e-mails say about a slot: '3rd March 2027', '9:00 AM - 9:30 AM' in the hospital's own zone. */
export function slotWording(ctx: SlotContext) {
  const shown = describeSlot(ctx.slot.starts_at, ctx.slot.ends_at, ctx.hospital.time_zone);
  return {
    date: formatOrdinalDate(shown.date)!,
    startTime: shown.time,
    timeRange: `${shown.time} - ${shown.end_time}`,
    doctor: `Dr ${ctx.provider.first_name} ${ctx.provider.last_name}`,
    address: `${ctx.hospital.name}, ${hospitalLocation(ctx.hospital)}`,
  };
}

/** The booking e-mails' one layout: a title, an intro, a table of details and an outro, as HTML and text. */
export function layout(title: string, rows: [string, string][], intro: string, outro: string): { html: string; text: string } {
  const text = [intro, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', outro, '', 'CareSlot Health Ltd'].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b2430;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table><p>${escapeHtml(outro)}</p><p style="color:#5b6675">CareSlot Health Ltd</p></body></html>`;
  return { html, text };
}

/** The booking's calendar entry: same UID for its whole life, SEQUENCE raised by each change (decision 012). */
export function calendarInvite(ctx: SlotContext, booking: BookingRow, people: MailPeople, method: 'REQUEST' | 'CANCEL', sequence: number) {
  const d = slotWording(ctx);
  return buildIcs({
    uid: booking.ics_uid,
    sequence,
    method,
    start: ctx.slot.starts_at,
    end: ctx.slot.ends_at,
    summary: `Appointment with ${d.doctor}`,
    description: `${d.doctor} at ${ctx.hospital.name}.\n${d.date}, ${d.timeRange} (${ctx.hospital.time_zone}).\nBooked through CareSlot.`,
    location: d.address,
    geo: { latitude: ctx.hospital.latitude, longitude: ctx.hospital.longitude },
    organizer: parseMailbox(people.from),
    attendee: { name: `${people.patient.first_name} ${people.patient.last_name}`, email: people.patient.email },
  });
}
