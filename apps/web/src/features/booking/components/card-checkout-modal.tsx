import { lazy, Suspense, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { CheckoutResponse } from '@careslot/contracts/booking';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { paySandboxSession } from '../api/booking-api';
import { checkoutText, paymentToast } from '../checkout-wizard';
import styles from './checkout.module.css';

const StripeEmbedded = lazy(() => import('./stripe-embedded-checkout'));

/** The checkout session the server started: what the card form needs of it. */
export type CardCheckout = Pick<CheckoutResponse, 'clientSecret' | 'sessionId' | 'gateway'>;

interface Props {
  checkout: CardCheckout | null;
  publishableKey: string | null;
  amountLabel: string;
  onClose(): void;
  /** The card was charged; the page verifies and polls from here. */
  onPaid(sessionId: string): void;
}

/** The card checkout modal with its close X: Stripe Embedded Checkout, or the sandbox's own card form. */
export function CardCheckoutModal({ checkout, publishableKey, amountLabel, onClose, onPaid }: Props) {
  return (
    <Dialog
      open={!!checkout}
      onOpenChange={(open) => !open && onClose()}
      title="Pay by card"
      description={checkout?.gateway === 'sandbox' ? 'Sandbox payment: no real money is taken.' : undefined}
      size="medium"
    >
      {checkout?.gateway === 'stripe' && publishableKey ? (
        <Suspense fallback={<span className="spinner" aria-label="Loading the card form" />}>
          <StripeEmbedded
            publishableKey={publishableKey}
            clientSecret={checkout.clientSecret}
            onComplete={() => onPaid(checkout.sessionId)}
          />
        </Suspense>
      ) : checkout ? (
        <SandboxCardForm sessionId={checkout.sessionId} amountLabel={amountLabel} onPaid={() => onPaid(checkout.sessionId)} />
      ) : null}
    </Dialog>
  );
}

/** 'MM/YY' or 'MM/YYYY' → month and year. */
function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const year = Number(m[2]);
  return { month: Number(m[1]), year: year < 100 ? 2000 + year : year };
}

function SandboxCardForm({ sessionId, amountLabel, onPaid }: { sessionId: string; amountLabel: string; onPaid(): void }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const exp = parseExpiry(expiry);
    if (!exp) {
      setFields({ exp: 'Enter the expiry date as MM/YY.' });
      return;
    }
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await paySandboxSession(sessionId, { card_number: number, exp_month: exp.month, exp_year: exp.year, cvc });
      onPaid();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : checkoutText.paymentError;
      if (err instanceof ApiError && err.fields) {
        const f = err.fields;
        setFields({ card_number: f.card_number ?? '', exp: f.exp_month ?? f.exp_year ?? '', cvc: f.cvc ?? '' });
      }
      setError(message);
      toast.error(checkoutText.paymentError, paymentToast);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.cardForm} onSubmit={submit} noValidate aria-label="Card details">
      <div className={styles.amountLine}>
        <span>Total</span>
        <span>{amountLabel}</span>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={fields.card_number || undefined}
        required
      />
      <div className={styles.cardRow}>
        <TextField
          label="Expiry (MM/YY)"
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          error={fields.exp || undefined}
          required
        />
        <TextField
          label="CVC"
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          value={cvc}
          onChange={(e) => setCvc(e.target.value)}
          error={fields.cvc || undefined}
          required
        />
      </div>
      <p className={styles.testCards}>
        Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.
      </p>
      <Button type="submit" loading={busy} disabled={!number || !expiry || !cvc}>
        Pay {amountLabel}
      </Button>
    </form>
  );
}
