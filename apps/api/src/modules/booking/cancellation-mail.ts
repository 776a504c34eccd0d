import { formatMoney } from '@careslot/contracts/money';
import type { OutgoingMail } from '../mail/mail.types';
import type { BookingRow, SlotContext } from './booking.repository';
import { calendarInvite, layout, slotWording, type MailPeople } from './mail-layout';

/**
 * Cancellation of a confirmed booking: METHOD:CANCEL with the same UID and a higher SEQUENCE, queued by
 * cancel-booking.ts for the provider's and the patient's cancellation. The text always states the refund.
 */
export function cancellationMail(
  ctx: SlotContext,
  booking: BookingRow,
  people: MailPeople,
  opts: { cancelledBy: 'patient' | 'provider'; reason?: string | null; refundMinor?: number; feeKept?: boolean },
): OutgoingMail {
  const d = slotWording(ctx);
  const rows: [string, string][] = [
    ['Doctor', d.doctor],
    ['Date', d.date],
    ['Time', d.timeRange],
    ['Hospital', d.address],
  ];
  if (opts.reason) rows.push(['Reason', opts.reason]);
  if (opts.refundMinor) rows.push(['Refund', `${formatMoney(opts.refundMinor, booking.region)} to the card or wallet you paid with`]);
  else if (opts.feeKept) rows.push(['Refund', 'None: the free cancellation period had ended, so the fee is kept']);
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
    ics: { content: calendarInvite(ctx, booking, people, 'CANCEL', booking.ics_sequence + 1), method: 'CANCEL' },
  };
}

/** The provider's notice that a patient cancelled (no invitation); none when the provider has no e-mail address. */
export function providerCancellationMail(ctx: SlotContext, people: MailPeople, reason: string | null): OutgoingMail | null {
  if (!ctx.provider.email) return null;
  const d = slotWording(ctx);
  const rows: [string, string][] = [
    ['Patient', `${people.patient.first_name} ${people.patient.last_name}`],
    ['Date', d.date],
    ['Time', `${d.timeRange} (${ctx.hospital.time_zone})`],
    ['Hospital', d.address],
  ];
  if (reason) rows.push(['Reason', reason]);
  const { html, text } = layout(
    'Appointment cancelled by the patient',
    rows,
    `Hello Dr ${ctx.provider.last_name}, a patient has cancelled their appointment. The slot is open for booking again.`,
    `See your bookings at ${people.publicUrl}/doctor/appointment-history.`,
  );
  return { to: ctx.provider.email, subject: `Cancelled by the patient: ${d.date} ${d.startTime}`, html, text };
}
