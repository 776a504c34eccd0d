import type { ContactUsValues } from '@careslot/contracts/content';
import type { Db, Queryable } from '../../db/client';
import { HOMEPAGE_SETTINGS_ID } from '../../db/seed/seed';
import { NotFoundError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { enqueueMail } from '../mail/mail.service';
import { findHomepageSettings, insertContactMessage } from './content.repository';

/** The homepage image, colour and optional modal, as staff set them (one fixed record). */
export async function homepageSettings(q: Queryable) {
  const row = await findHomepageSettings(q, HOMEPAGE_SETTINGS_ID);
  if (!row) throw new NotFoundError('Homepage settings are not set up yet.');
  return row;
}

export const CONTACT_REPLY_PROMISE = 'We reply within two working days.';
export const CONTACT_SUCCESS_MESSAGE = `Thank you for getting in touch. We have received your message and sent a confirmation to your e-mail address. ${CONTACT_REPLY_PROMISE}`;

/**
 * The sender's first name, when it looks like one. The name is the only free text the acknowledgement
 * repeats, and the form accepts any address: a "name" such as "Claim your prize at evil.example" would
 * otherwise reach a stranger's inbox from our domain. Letters, marks, spaces, hyphens and apostrophes only.
 */
export function greetingName(firstName: string): string {
  const name = firstName.trim();
  return /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u.test(name) && name.length <= 40 ? name : 'customer';
}

/**
 * The acknowledgement deliberately does not quote the message back: the form accepts any address,
 * so echoing free text would let anyone send their own words from our domain (see docs/decisions).
 */
export function contactAcknowledgement(values: Pick<ContactUsValues, 'first_name' | 'email'>, publicUrl?: string) {
  const name = greetingName(values.first_name);
  const site = publicUrl ?? 'CareSlot';
  const text = [
    `Dear ${name},`,
    '',
    'Thank you for contacting CareSlot. This e-mail confirms that we have received your message.',
    `A member of our support team will read it and reply to this address. ${CONTACT_REPLY_PROMISE}`,
    '',
    'Please do not send medical details by e-mail. If you need urgent medical help, call 999 in the UK or 911 in the USA.',
    '',
    'If you did not write to us, you can ignore this e-mail.',
    '',
    'CareSlot Health Ltd',
    site,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1b2430;line-height:1.5">
<p>Dear ${escapeHtml(name)},</p>
<p>Thank you for contacting <strong>CareSlot</strong>. This e-mail confirms that we have received your message.</p>
<p>A member of our support team will read it and reply to this address. ${CONTACT_REPLY_PROMISE}</p>
<p style="color:#4a5668">Please do not send medical details by e-mail. If you need urgent medical help, call 999 in the UK or 911 in the USA.</p>
<p style="color:#4a5668">If you did not write to us, you can ignore this e-mail.</p>
<p>CareSlot Health Ltd${publicUrl ? `<br><a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a>` : ''}</p>
</body></html>`;
  return { to: values.email, subject: 'We have received your message | CareSlot', text, html };
}

/** Stores the message and queues the acknowledgement in one transaction: both exist, or neither. */
export async function submitContactMessage(db: Db, values: ContactUsValues, publicUrl?: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const saved = await insertContactMessage(tx, values);
    await enqueueMail(tx, contactAcknowledgement(values, publicUrl));
    return saved;
  });
}
