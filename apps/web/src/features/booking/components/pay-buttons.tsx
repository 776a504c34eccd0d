import { lazy, Suspense } from 'react';
import type { PaymentConfig, PaymentMethod } from '@careslot/contracts/booking';
import { currencyForRegion, formatMoney, type Region } from '@careslot/contracts/money';
import { Button } from '../../../components/ui/button';

const PaypalWalletButtons = lazy(() => import('./paypal-wallet-buttons'));

interface Props {
  method: PaymentMethod;
  region: Region;
  /** Minor units. */
  fee: number;
  wallet: PaymentConfig['wallet'] | undefined;
  /** A payment is being started. */
  busy: boolean;
  disabled: boolean;
  onCard(): void;
  onWallet(): void;
  /** PayPal's own buttons: our server creates the order, PayPal approves it. */
  createWalletOrder(): Promise<string>;
  onWalletApproved(orderId: string): void;
  onWalletCancelled(): void;
  onWalletError(): void;
}

/** The payment button of the chosen method: card, PayPal's own buttons when PayPal is configured, else the sandbox wallet. */
export function PayButtons(p: Props) {
  const amount = formatMoney(p.fee, p.region);
  if (p.method === 'stripe') {
    return (
      <Button onClick={p.onCard} loading={p.busy} disabled={p.disabled}>
        Pay {amount} by card
      </Button>
    );
  }
  if (p.wallet?.gateway === 'paypal' && p.wallet.clientId) {
    return (
      <Suspense fallback={<span className="spinner" aria-label="Loading PayPal" />}>
        <PaypalWalletButtons
          clientId={p.wallet.clientId}
          currency={currencyForRegion(p.region)}
          disabled={p.disabled}
          createOrder={p.createWalletOrder}
          onApproved={p.onWalletApproved}
          onCancelled={p.onWalletCancelled}
          onError={p.onWalletError}
        />
      </Suspense>
    );
  }
  return (
    <Button onClick={p.onWallet} loading={p.busy} disabled={p.disabled}>
      Pay {amount} with PayPal
    </Button>
  );
}
