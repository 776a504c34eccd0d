import type { OutgoingMail } from '../mail/mail.types';
import type { SlotContext } from './booking.repository';
import { layout, slotWording } from './mail-layout';

/** The one-time code, with the appointment it confirms. Subject: 'NNNNNN is your CareSlot verification code'. */
export function codeMail(to: string, code: string, ctx: SlotContext, minutes: number): OutgoingMail {
  const d = slotWording(ctx);
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
