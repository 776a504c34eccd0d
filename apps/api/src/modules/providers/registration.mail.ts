import type { OutgoingMail } from '../mail/mail.types';
import { escapeHtml } from '../../lib/html';

/** To a provider the daily re-check no longer finds on their register. */
export function registrationLapsedMail(to: string, firstName: string, reason: string, statusUrl: string): OutgoingMail {
  const lines = [
    `Hello ${firstName},`,
    `Our daily check of your professional registration did not confirm it: ${reason}`,
    'Until our team has looked at it, patients cannot find or book you. Your appointments already booked stay as they are. If your registration has changed, reply to this e-mail or contact us.',
  ];
  return {
    to,
    subject: 'We could not confirm your professional registration',
    text: `${lines.join('\n\n')}\n\n${statusUrl}\n\nCareSlot Health Ltd`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">We could not confirm your registration</h1>${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('')}
<p style="margin:24px 0"><a href="${escapeHtml(statusUrl)}">See where your registration stands</a></p>
<p style="margin:32px 0 0;color:#4a5668;font-size:13px">CareSlot Health Ltd</p></body></html>`,
  };
}

/** To a provider whose register could not be asked when they joined, and which the daily re-check now confirms. */
export function registrationConfirmedMail(to: string, firstName: string, reason: string, statusUrl: string): OutgoingMail {
  const lines = [
    `Hello ${firstName},`,
    `We could not reach your professional register when you joined; our daily check has now reached it. ${reason}`,
    'Your account is verified: patients can find your profile and book the times you publish.',
  ];
  return {
    to,
    subject: 'Your professional registration is confirmed',
    text: `${lines.join('\n\n')}\n\n${statusUrl}\n\nCareSlot Health Ltd`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">Your registration is confirmed</h1>${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('')}
<p style="margin:24px 0"><a href="${escapeHtml(statusUrl)}">See your account</a></p>
<p style="margin:32px 0 0;color:#4a5668;font-size:13px">CareSlot Health Ltd</p></body></html>`,
  };
}
