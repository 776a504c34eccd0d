import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { insertDevMailboxMessage } from './mail.repository';
import type { MailMessage, MailTransport } from './mail.types';

function toNodemailer(m: MailMessage): nodemailer.SendMailOptions {
  return {
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    ...(m.messageId ? { messageId: m.messageId } : {}),
    // nodemailer attaches the .ics itself; it must not be attached twice.
    icalEvent: m.ics ? { method: m.ics.method, content: m.ics.content, filename: 'invite.ics' } : undefined,
  };
}

/** Real SMTP through nodemailer (SMTP_URL). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      await transporter.sendMail(toNodemailer(m));
    },
    close: () => transporter.close(),
  };
}

/** The built-in dev mailbox: nodemailer renders the real message, which is stored and shown at /dev/mail. */
export function devMailboxTransport(db: Db): MailTransport {
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await renderer.sendMail(toNodemailer(m));
      const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : String(info.message);
      await insertDevMailboxMessage(db, { to: m.to, subject: m.subject, text: m.text, html: m.html, raw, ics: m.ics?.content ?? null });
    },
    close: () => renderer.close(),
  };
}
