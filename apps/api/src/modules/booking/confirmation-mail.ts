import { formatMoney } from '@careslot/contracts/money';
import type { OutgoingMail } from '../mail/mail.types';
import type { BookingRow, SlotContext } from './booking.repository';
import { calendarInvite, layout, slotWording, type MailPeople } from './mail-layout';

/** The patient's confirmation: every detail of the booking, the amount paid, and the calendar invitation (.ics). */
export function confirmationMail(ctx: SlotContext, booking: BookingRow, people: MailPeople, links?: { cancel: string }): OutgoingMail {
  const d = slotWording(ctx);
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
    `Your appointments are listed at ${people.publicUrl}/userProfile. Please arrive ten minutes early.` +
      (links ? ` Plans changed? Cancel here: ${links.cancel}` : ''),
  );
  return {
    to: people.patient.email,
    subject: `Booking confirmed: ${d.doctor}, ${d.date} ${d.startTime}`,
    html,
    text,
    ics: { content: calendarInvite(ctx, booking, people, 'REQUEST', booking.ics_sequence), method: 'REQUEST' },
  };
}

/** The provider's notice of a new booking (no invitation); none when the provider has no e-mail address. */
export function providerNoticeMail(ctx: SlotContext, booking: BookingRow, people: MailPeople): OutgoingMail | null {
  if (!ctx.provider.email) return null;
  const d = slotWording(ctx);
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
  return { to: ctx.provider.email, subject: `New booking: ${d.date} ${d.startTime}`, html, text };
}
