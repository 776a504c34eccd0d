import type { OutgoingMail } from '../mail/mail.types';
import type { BookingRow, SlotContext } from './booking.repository';
import { calendarInvite, layout, slotWording, type MailPeople } from './mail-layout';

/** The patient's notice of a moved appointment: the new time, the old one, and the updated invitation (same UID). */
export function rescheduleMail(oldCtx: SlotContext, newCtx: SlotContext, moved: BookingRow, people: MailPeople): OutgoingMail {
  const was = slotWording(oldCtx);
  const now = slotWording(newCtx);
  const { html, text } = layout(
    'Your appointment has moved',
    [
      ['Doctor', now.doctor],
      ['New date', now.date],
      ['New time', `${now.timeRange} (${newCtx.hospital.time_zone})`],
      ['Hospital', now.address],
      ['Was', `${was.date}, ${was.timeRange}`],
    ],
    `Hello ${people.patient.first_name}, your appointment is moved as you asked. Your payment stays with it.`,
    'The attached update moves the entry in your calendar.',
  );
  return {
    to: people.patient.email,
    subject: `Rescheduled: ${now.doctor}, ${now.date} ${now.startTime}`,
    html,
    text,
    ics: { content: calendarInvite(newCtx, moved, people, 'REQUEST', moved.ics_sequence), method: 'REQUEST' },
  };
}

/** The provider's notice; none when the provider has no e-mail address. */
export function providerRescheduleMail(oldCtx: SlotContext, newCtx: SlotContext, people: MailPeople): OutgoingMail | null {
  if (!newCtx.provider.email) return null;
  const was = slotWording(oldCtx);
  const now = slotWording(newCtx);
  const { html, text } = layout(
    'Appointment moved by the patient',
    [
      ['Patient', `${people.patient.first_name} ${people.patient.last_name}`],
      ['New date', now.date],
      ['New time', `${now.timeRange} (${newCtx.hospital.time_zone})`],
      ['Was', `${was.date}, ${was.timeRange}`],
    ],
    `Hello Dr ${newCtx.provider.last_name}, a patient has moved their appointment. The old time is open for booking again.`,
    `See your bookings at ${people.publicUrl}/doctor/appointment-history.`,
  );
  return { to: newCtx.provider.email, subject: `Rescheduled by the patient: ${now.date} ${now.startTime}`, html, text };
}
