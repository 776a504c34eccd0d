import { bookingMessages } from '@careslot/contracts/booking';
import { checkoutText } from '../checkout-wizard';
import styles from './checkout.module.css';

export type OverlayState = 'hidden' | 'processing' | 'success';

/** Full-screen payment overlay: processing, then success. Announced politely to screen readers. */
export function PaymentOverlay({ state }: { state: OverlayState }) {
  if (state === 'hidden') return null;
  const success = state === 'success';
  return (
    <div className={styles.overlay} data-testid="payment-overlay">
      <div className={styles.overlayCard} role="status" aria-live="polite">
        {success ? (
          <span className={styles.tick} aria-hidden="true">
            ✓
          </span>
        ) : (
          <span className="spinner" aria-hidden="true" />
        )}
        <p className={styles.overlayTitle}>{success ? checkoutText.success : bookingMessages.processing}</p>
      </div>
    </div>
  );
}
