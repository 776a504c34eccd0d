import { policySentence, type CancellationPolicyView } from '@careslot/contracts/after-booking';
import { Alert } from '../../../components/ui/alert';

const CURRENCY_SYMBOL: Record<string, string> = { GBP: '£', USD: '$' };

/** '9:00 AM on Tuesday 9 March' in the clinic's zone: when free cancellation ends. */
export function freeUntilText(iso: string, timeZone: string): string {
  const d = new Date(iso);
  const time = d.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const day = d.toLocaleDateString('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  return `${time} on ${day}`;
}

/**
 * The cancellation terms that apply now, shown before the patient confirms (docs/after-booking.md): free with the
 * refund amount, or the fee kept. The confirmation sends back which one was shown.
 */
export function CancelTerms({ policy, timeZone }: { policy: CancellationPolicyView; timeZone: string }) {
  const refund = `${CURRENCY_SYMBOL[policy.currency] ?? ''}${policy.refund_amount}`;
  return (
    <Alert tone={policy.refundable ? 'info' : 'warning'} title={policy.refundable ? `Refund: ${refund}` : 'No refund'}>
      <p>{policySentence(policy, refund, freeUntilText(policy.free_until, timeZone))}</p>
    </Alert>
  );
}
