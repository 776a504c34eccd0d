import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { bookingMessages, type VerifyPaymentBody } from '@careslot/contracts/booking';
import { ApiError } from '../../../lib/api-client';
import { rideOfferLink, type RideDestination } from '../../../lib/booking-navigation';
import { usePaymentStatus, verifyPayment } from '../api/booking-api';
import { checkoutText, paymentToast, SUCCESS_OVERLAY_MS, SUCCESS_REDIRECT_DELAY_MS } from '../checkout-wizard';
import type { OverlayState } from '../components/payment-overlay';

/** A payment being confirmed, and what to do once it is. */
interface Confirming {
  orderId: string;
  /** The hospital the ride offer on the profile page points to. */
  rideTo: RideDestination | undefined;
  onCompleted(): void;
}

const failureMessages = {
  failed: bookingMessages.paymentFailed,
  error: checkoutText.confirmIssue,
  timedOut: checkoutText.verificationTimedOut,
} as const;

/**
 * After the gateway took the money: verify the payment, then follow its status (usePaymentStatus: at once, then every
 * 5 s, at most 12 times) behind the processing overlay. COMPLETED shows the success overlay for 6 s and moves to the
 * profile page with the ride offer after 3 s; FAILED, an error or running out of attempts hides the overlay and says
 * so in a toast. A 409 from verification means the slot was lost.
 */
export function usePaymentConfirmation({ region, onSlotLost }: { region: string; onSlotLost(): void }) {
  const navigate = useNavigate();
  const [verifying, setVerifying] = useState(false);
  const [payment, setPayment] = useState<Confirming | null>(null);
  const [successOver, setSuccessOver] = useState(false);
  const outcome = usePaymentStatus(payment?.orderId ?? null);

  async function confirm(body: VerifyPaymentBody, then: Omit<Confirming, 'orderId'>) {
    setPayment(null);
    setSuccessOver(false);
    setVerifying(true);
    try {
      await verifyPayment(region, body);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) onSlotLost();
      else toast.error(bookingMessages.verificationFailed, paymentToast);
      return;
    } finally {
      setVerifying(false);
    }
    setPayment({ orderId: body.orderID, ...then });
  }

  useEffect(() => {
    if (!payment || !outcome) return;
    if (outcome !== 'completed') {
      toast.error(failureMessages[outcome], paymentToast);
      return;
    }
    payment.onCompleted();
    const link = rideOfferLink(payment.rideTo);
    const overlayOver = setTimeout(() => setSuccessOver(true), SUCCESS_OVERLAY_MS);
    const moveOn = setTimeout(() => navigate(link.to, { state: link.state }), SUCCESS_REDIRECT_DELAY_MS);
    return () => {
      clearTimeout(overlayOver);
      clearTimeout(moveOn);
    };
  }, [payment, outcome, navigate]);

  const overlay: OverlayState =
    verifying || (payment && !outcome) ? 'processing' : payment && outcome === 'completed' && !successOver ? 'success' : 'hidden';
  return { overlay, confirm };
}
