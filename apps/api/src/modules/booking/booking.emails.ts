import { DateTime } from 'luxon';
import { formatMoney } from '@careslot/contracts/money';
import { formatOrdinalDate, toTwelveHour } from '@careslot/contracts/time';
import type { OutgoingMail } from '../mail/mail.types';
import { buildIcs, parseMailbox } from './ics';
import type { BookingRow, SlotContext } from './booking.repository';
import { escapeHtml } from '../../lib/html';
import { hospitalLocation } from '../../lib/hospital-location';

export interface MailPeople {
  patient: { first_name: string; last_name: string; email: string };
  /** MAIL_FROM, the invitation's organizer. */
  from: string;
  publicUrl: string;
}

/** What people read about a slot: '3rd March 2027', '9:00 AM - 9:30 AM', in the hospital's own zone. */
export function describeSlot(ctx: SlotContext) {
  const zone = ctx.hospital.time_zone;
  const start = DateTime.fromJSDate(ctx.slot.starts_at, { zone });
  const end = DateTime.fromJSDate(ctx.slot.ends_at, { zone });
  const dateText = start.toFormat('dd/MM/yyyy');
  return {
    dateText,
    date: formatOrdinalDate(dateText)!,
    timeRange: `${toTwelveHour(start.toFormat('HH:mm'))} - ${toTwelveHour(end.toFormat('HH:mm'))}`,
    zoneName: start.toFormat('ZZZZZ') || zone,
    doctor: `Dr ${ctx.provider.first_name} ${ctx.provider.last_name}`,
    address: `${ctx.hospital.name}, ${hospitalLocation(ctx.hospital)}`,
  };
}

function layout(title: string, rows: [string, string][], intro: string, outro: string): { html: string; text: string } {
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

function ics(ctx: SlotContext, booking: BookingRow, people: MailPeople, method: 'REQUEST' | 'CANCEL', sequence: number) {
  const d = describeSlot(ctx);
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

export function otpMail(to: string, code: string, ctx: SlotContext, minutes: number): OutgoingMail {
  const d = describeSlot(ctx);
  const { html, text } = layout(
    'Your CareSlot verification code',
    [
      ['Code', code],
      ['Appointment', `${d.doctor}, ${d.date}, ${d.timeRange}`],
    ],
    `Enter this code to confirm your booking. It expires in ${minutes} minutes and works once.`,
    'If you did not ask for this code, you can ignore this e-mail: nothing is booked without it.',
  );
  return { to, subject: `${code} is your CareSlot verification code`, html, text };
}

export function confirmationMail(ctx: SlotContext, booking: BookingRow, people: MailPeople): OutgoingMail {
  const d = describeSlot(ctx);
  const { html, text } = layout(
    'Your appointment is booked',
    [
      ['Doctor', d.doctor],
      ['Speciality', ctx.specialityName ?? 'No speciality information available'],
      ['Date', d.date],
      ['Time', `${d.timeRange} (${ctx.hospital.time_zone})`],
      ['Hospital', d.address],
      ['Visit', booking.type_of_visit === 'follow_up' ? 'Follow-up visit' : 'First visit'],
      ['Reason for visit', booking.purpose_for_visit],
      ['Amount paid', formatMoney(booking.amount_minor, booking.region)],
      ['Payment method', booking.payment_method === 'paypal' ? 'Wallet (PayPal)' : 'Card'],
      ['Booking reference', booking.id],
    ],
    `Hello ${people.patient.first_name}, thank you for booking with CareSlot. The calendar invitation is attached.`,
    `Your appointments are listed at ${people.publicUrl}/userProfile. Please arrive ten minutes early.`,
  );
  return {
    to: people.patient.email,
    subject: `Booking confirmed: ${d.doctor}, ${d.date} ${d.timeRange.split(' - ')[0]}`,
    html,
    text,
    ics: { content: ics(ctx, booking, people, 'REQUEST', booking.ics_sequence), method: 'REQUEST' },
  };
}

export function providerNoticeMail(ctx: SlotContext, booking: BookingRow, people: MailPeople): OutgoingMail | null {
  if (!ctx.provider.email) return null;
  const d = describeSlot(ctx);
  const { html, text } = layout(
    'New booking',
    [
      ['Patient', `${people.patient.first_name} ${people.patient.last_name}`],
      ['Date', d.date],
      ['Time', `${d.timeRange} (${ctx.hospital.time_zone})`],
      ['Hospital', d.address],
      ['Visit', booking.type_of_visit === 'follow_up' ? 'Follow-up visit' : 'First visit'],
      ['Reason for visit', booking.purpose_for_visit],
    ],
    `Hello Dr ${ctx.provider.last_name}, a patient has booked one of your slots.`,
    `See your bookings at ${people.publicUrl}/doctor/appointment-history.`,
  );
  return { to: ctx.provider.email, subject: `New booking: ${d.date} ${d.timeRange.split(' - ')[0]}`, html, text };
}

export function refundMail(ctx: SlotContext, booking: BookingRow, people: MailPeople, amountMinor: number): OutgoingMail {
  const d = describeSlot(ctx);
  const { html, text } = layout(
    'Your payment is being refunded',
    [
      ['Doctor', d.doctor],
      ['Date', d.date],
      ['Time', d.timeRange],
      ['Refund', formatMoney(amountMinor, booking.region)],
    ],
    `Hello ${people.patient.first_name}, we received your payment, but the slot was no longer available by the time it arrived, so nothing was booked.`,
    'We have refunded the full amount to the card or wallet you paid with; banks usually show it within 5 to 10 working days. Please choose another slot.',
  );
  return { to: people.patient.email, subject: 'Refund: your slot was no longer available', html, text };
}

/** Cancellation of a confirmed booking: METHOD:CANCEL with the same UID and a higher SEQUENCE. */
export function cancellationMail(
  ctx: SlotContext,
  booking: BookingRow,
  people: MailPeople,
  opts: { cancelledBy: 'patient' | 'provider'; reason?: string | null; refundMinor?: number },
): OutgoingMail {
  const d = describeSlot(ctx);
  const rows: [string, string][] = [
    ['Doctor', d.doctor],
    ['Date', d.date],
    ['Time', d.timeRange],
    ['Hospital', d.address],
  ];
  if (opts.reason) rows.push(['Reason', opts.reason]);
  if (opts.refundMinor) rows.push(['Refund', formatMoney(opts.refundMinor, booking.region)]);
  const { html, text } = layout(
    'Your appointment is cancelled',
    rows,
    opts.cancelledBy === 'provider'
      ? `Hello ${people.patient.first_name}, ${d.doctor} had to cancel your appointment.`
      : `Hello ${people.patient.first_name}, your appointment is cancelled as you asked.`,
    'The calendar entry is removed by the attached update. You can book another slot at any time.',
  );
  return {
    to: people.patient.email,
    subject: `Cancelled: ${d.doctor}, ${d.date}`,
    html,
    text,
    ics: { content: ics(ctx, booking, people, 'CANCEL', booking.ics_sequence + 1), method: 'CANCEL' },
  };
}
