import { formatAmount } from '@careslot/contracts/money';
import { escapeHtml } from '../../lib/html';
import type { OutgoingMail } from '../mail/mail.types';

/** The provider's notice that a payout failed: why, that the money is back in their balance, and what to do. */
export function payoutFailedMail(
  to: string,
  p: { firstName: string; amountMinor: number; currency: string; destination: string; reason: string; link: string },
): OutgoingMail {
  const amount = `${p.currency} ${formatAmount(p.amountMinor)}`;
  const lines = [
    `Hello ${p.firstName},`,
    `Your payout of ${amount} to the account ${p.destination} did not arrive: ${p.reason}`,
    'The money is back in your available balance; nothing is lost.',
    'Please check your bank details, or add the right account and make it your primary one. We will try the payout again as soon as your primary account changes.',
    `Your earnings and payouts: ${p.link}`,
  ];
  return {
    to,
    subject: `Your payout of ${amount} failed`,
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
  };
}
