import { formatMoney } from '@careslot/contracts/money';
import type { OutgoingMail } from '../mail/mail.types';
import type { BookingRow, SlotContext } from './booking.repository';
import { calendarInvite, layout, slotWording, type MailPeople } from './mail-layout';

/**
 * Cancellation of a confirmed booking: METHOD:CANCEL with the same UID and a higher SEQUENCE. Ready for
 * cancel-booking.ts (provider workspace and patient cancellation), which will queue it.
 */
export function cancellationMail(
  ctx: SlotContext,
  booking: BookingRow,
  people: MailPeople,
  opts: { cancelledBy: 'patient' | 'provider'; reason?: string | null; refundMinor?: number },
): OutgoingMail {
  const d = slotWording(ctx);
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
    ics: { content: calendarInvite(ctx, booking, people, 'CANCEL', booking.ics_sequence + 1), method: 'CANCEL' },
  };
}
