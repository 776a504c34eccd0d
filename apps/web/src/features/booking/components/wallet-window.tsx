import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatMoney } from '@careslot/contracts/money';
import { decideSandboxOrder, getSandboxOrder } from '../api/booking-api';
import styles from './checkout.module.css';

interface Props {
  orderId: string | null;
  region: string;
  onApproved(orderId: string): void;
  onCancelled(orderId: string): void;
  onError(): void;
}

/** The sandbox gateway's wallet window: shows the order the server created and lets the payer approve or cancel it. */
export function SandboxWalletWindow({ orderId, region, onApproved, onCancelled, onError }: Props) {
  const [order, setOrder] = useState<{ amount: number; status: string } | null>(null);
  const [busy, setBusy] = useState<'approve' | 'cancel' | null>(null);

  useEffect(() => {
    if (!orderId) return;
    let live = true;
    getSandboxOrder(orderId)
      .then((o) => live && setOrder(o))
      .catch(() => live && onError());
    return () => {
      live = false;
    };
  }, [orderId, onError]);

  async function decide(decision: 'approve' | 'cancel') {
    if (!orderId) return;
    setBusy(decision);
    try {
      await decideSandboxOrder(orderId, decision);
      if (decision === 'approve') onApproved(orderId);
      else onCancelled(orderId);
    } catch {
      onError();
    } finally {
      setBusy(null);
      setOrder(null);
    }
  }

  return (
    <Dialog
      open={!!orderId}
      onOpenChange={(open) => !open && busy === null && decide('cancel')}
      title="Sandbox wallet"
      description="Sandbox payment: approve to pay, or cancel to go back. No real money is taken."
      footer={
        <>
          <Button variant="secondary" onClick={() => decide('cancel')} loading={busy === 'cancel'} disabled={busy !== null}>
            Cancel payment
          </Button>
          <Button onClick={() => decide('approve')} loading={busy === 'approve'} disabled={busy !== null || !order}>
            Approve and pay
          </Button>
        </>
      }
    >
      <div className={styles.amountLine}>
        <span>Order {orderId}</span>
        <span>{order ? formatMoney(order.amount, region) : '…'}</span>
      </div>
    </Dialog>
  );
}
