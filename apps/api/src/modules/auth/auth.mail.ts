import type { OutgoingMail } from '../mail/mail.types';
import { escapeHtml } from '../../lib/html';

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0b5cad;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;color:#4a5668;font-size:14px">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;color:#4a5668;font-size:13px">CareSlot Health Ltd</p></body></html>`;
}

export function verificationMail(to: string, firstName: string, url: string): OutgoingMail {
  const lines = [
    `Hello ${firstName},`,
    'Please confirm your e-mail address to finish setting up your CareSlot account. The link works once and expires in 24 hours.',
    'If you did not create a CareSlot account, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: 'Confirm your e-mail address for CareSlot',
    text: `${lines[0]}\n\n${lines[1]}\n\n${url}\n\n${lines[2]}\n\nCareSlot Health Ltd`,
    html: layout('Confirm your e-mail address', lines, { label: 'Confirm my e-mail address', url }),
  };
}

export function resetPasswordMail(to: string, firstName: string, url: string): OutgoingMail {
  const lines = [
    `Hello ${firstName},`,
    'We received a request to reset the password of your CareSlot account. The link works once and expires in 1 hour.',
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ];
  return {
    to,
    subject: 'Reset your CareSlot password',
    text: `${lines[0]}\n\n${lines[1]}\n\n${url}\n\n${lines[2]}\n\nCareSlot Health Ltd`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url }),
  };
}

export function passwordChangedMail(to: string, firstName: string, signInUrl: string): OutgoingMail {
  const lines = [
    `Hello ${firstName},`,
    'The password of your CareSlot account was just changed, and every device was signed out.',
    'If this was not you, reset your password straight away and contact us.',
  ];
  return {
    to,
    subject: 'Your CareSlot password was changed',
    text: `${lines.join('\n\n')}\n\n${signInUrl}\n\nCareSlot Health Ltd`,
    html: layout('Your password was changed', lines, { label: 'Sign in', url: signInUrl }),
  };
}

export function accountDeletedMail(to: string, firstName: string): OutgoingMail {
  const lines = [
    `Hello ${firstName},`,
    'Your CareSlot account has been deleted as you asked. Your personal details were removed; past appointment records are kept without your name, as healthcare records require.',
    'Thank you for using CareSlot.',
  ];
  return {
    to,
    subject: 'Your CareSlot account was deleted',
    text: `${lines.join('\n\n')}\n\nCareSlot Health Ltd`,
    html: layout('Your account was deleted', lines),
  };
}
