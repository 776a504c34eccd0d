import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import type { CheckoutRequest } from '@careslot/contracts/booking';
import { ApiError } from '../../../lib/api-client';
import { createCardCheckout, createWalletOrder } from '../api/booking-api';
import { checkoutText, paymentToast } from '../checkout-wizard';
import type { CardCheckout } from '../components/card-checkout-modal';

interface Options {
  userId: string | null;
  checkoutBody: CheckoutRequest;
  onSlotLost(): void;
  /** Starting a payment renews the hold; this is until when. */
  onHeldUntil(until: Date): void;
}

/**
 * Starting a payment once the code is verified: a card checkout session (shown in the card modal) or a wallet order
 * (the sandbox wallet window, or PayPal's own buttons, which ask for the order themselves). Our server decides the
 * amount of both (decision 011). A 409 means the slot was lost; other refusals are toasts with the server's message.
 */
export function usePaymentStart({ userId, checkoutBody, onSlotLost, onHeldUntil }: Options) {
  const [busy, setBusy] = useState(false);
  const [cardCheckout, setCardCheckout] = useState<CardCheckout | null>(null);
  const [walletOrder, setWalletOrder] = useState<string | null>(null);

  function startFailed(err: unknown) {
    if (err instanceof ApiError && err.status === 409) return onSlotLost();
    const details = err instanceof ApiError ? err.details : null;
    toast.error(details?.message || details?.error || checkoutText.somethingWrong, paymentToast);
  }

  async function byCard() {
    if (!userId) return;
    setBusy(true);
    try {
      const res = await createCardCheckout(userId, checkoutBody);
      if (!res.clientSecret || !res.sessionId) {
        toast.error(checkoutText.noClientSecret, paymentToast);
        return;
      }
      onHeldUntil(new Date(res.holdExpiresAt));
      setCardCheckout({ clientSecret: res.clientSecret, sessionId: res.sessionId, gateway: res.gateway });
    } catch (err) {
      setCardCheckout(null);
      startFailed(err);
    } finally {
      setBusy(false);
    }
  }

  async function orderWallet(): Promise<string> {
    const res = await createWalletOrder(userId!, checkoutBody);
    onHeldUntil(new Date(res.holdExpiresAt));
    return res.orderID;
  }

  async function byWallet() {
    if (!userId) return;
    setBusy(true);
    try {
      setWalletOrder(await orderWallet());
    } catch (err) {
      startFailed(err);
    } finally {
      setBusy(false);
    }
  }

  const walletCancelled = useCallback(() => {
    setWalletOrder(null);
    toast.info(checkoutText.paymentCancelled, paymentToast);
  }, []);
  const walletError = useCallback(() => {
    setWalletOrder(null);
    toast.error(checkoutText.paymentError, paymentToast);
  }, []);

  return {
    busy,
    cardCheckout,
    walletOrder,
    byCard,
    byWallet,
    /** For PayPal's own buttons, which create the order themselves. */
    createWalletOrder: () =>
      orderWallet().catch((err: unknown) => {
        startFailed(err);
        throw err;
      }),
    closeCardCheckout: () => setCardCheckout(null),
    walletCancelled,
    walletError,
    /** The money was taken: close the card modal or the wallet window. */
    clear: () => {
      setCardCheckout(null);
      setWalletOrder(null);
    },
  };
}
