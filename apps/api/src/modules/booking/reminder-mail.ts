import type { OutgoingMail } from '../mail/mail.types';
import type { BookingRow, SlotContext } from './booking.repository';
import { calendarInvite, layout, slotWording, type MailPeople } from './mail-layout';

/**
 * A reminder: the time in the clinic's zone, the clinic with a map link, what to bring, the cancel link (signed) and
 * where to reschedule, and the calendar invitation as it stands (same UID and SEQUENCE). The subject starts 'Reminder'.
 */
export function reminderMail(
  ctx: SlotContext,
  booking: BookingRow,
  people: MailPeople,
  opts: { kind: '7d' | '24h'; cancelUrl: string },
): OutgoingMail {
  const d = slotWording(ctx);
  const map = `https://www.openstreetmap.org/?mlat=${ctx.hospital.latitude}&mlon=${ctx.hospital.longitude}#map=17/${ctx.hospital.latitude}/${ctx.hospital.longitude}`;
  const { html, text } = layout(
    opts.kind === '7d' ? 'Your appointment is in a week' : 'Your appointment is tomorrow',
    [
      ['Doctor', d.doctor],
      ['Date', d.date],
      ['Time', `${d.timeRange} (${ctx.hospital.time_zone})`],
      ['Clinic', d.address],
      ['Map', map],
      ['What to bring', 'Photo ID, a list of any medicines you take, and any letters or test results about this visit.'],
      ['Cancel', opts.cancelUrl],
      ['Reschedule', `${people.publicUrl}/userProfile`],
    ],
    `Hello ${people.patient.first_name}, this is a reminder of your appointment.`,
    'Please arrive ten minutes early. If you cannot come, cancel or move it so someone else can have the time.',
  );
  return {
    to: people.patient.email,
    subject: `Reminder: ${d.doctor}, ${d.date} ${d.startTime}`,
    html,
    text,
    ics: { content: calendarInvite(ctx, booking, people, 'REQUEST', booking.ics_sequence), method: 'REQUEST' },
  };
}

/**
 * The reminder by text: the time (in the clinic's zone) and the clinic only. Never the doctor or the purpose of the
 * visit: a text can be read on a locked screen by anyone nearby.
 */
export function reminderText(ctx: SlotContext): string {
  const d = slotWording(ctx);
  return `CareSlot reminder: your appointment is on ${d.date} at ${d.startTime} (${ctx.hospital.time_zone}), ${ctx.hospital.name}. Reply STOP to stop texts.`;
}
