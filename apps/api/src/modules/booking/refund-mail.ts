import { formatMoney } from '@careslot/contracts/money';
import type { OutgoingMail } from '../mail/mail.types';
import type { BookingRow, SlotContext } from './booking.repository';
import { layout, slotWording, type MailPeople } from './mail-layout';

/** A payment arrived for a slot that was lost (or a second payment for one booking): it is refunded. */
export function refundMail(ctx: SlotContext, booking: BookingRow, people: MailPeople, amountMinor: number): OutgoingMail {
  const d = slotWording(ctx);
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
