import type { Ref } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '@careslot/contracts/booking';
import { currencyForRegion, formatMoney, type Region } from '@careslot/contracts/money';
import { Button } from '../../../components/ui/button';
import { checkoutText } from '../checkout-wizard';
import styles from './checkout.module.css';
import { StepHeading } from './step-heading';

interface Props {
  headingRef: Ref<HTMLHeadingElement>;
  region: Region;
  /** First-visit and follow-up fees, minor units. */
  fees: { amount: number; followAmount: number };
  /** The fee of the chosen visit type, minor units. */
  fee: number;
  isOldPatient: boolean;
  paymentMethod: PaymentMethod;
  onVisit(isOldPatient: boolean): void;
  onPaymentMethod(method: PaymentMethod): void;
  onNext(): void;
}

const METHOD_LABELS: Record<PaymentMethod, string> = { stripe: 'Card (Stripe)', paypal: 'PayPal wallet' };

/** Step 1, Appointment Info: the consultation type with its fee, and the payment method. */
export function AppointmentInfoStep({
  headingRef,
  region,
  fees,
  fee,
  isOldPatient,
  paymentMethod,
  onVisit,
  onPaymentMethod,
  onNext,
}: Props) {
  return (
    <>
      <StepHeading headingRef={headingRef}>{checkoutText.confirmInfo}</StepHeading>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Consultation type</legend>
        <div className={styles.options}>
          {[false, true].map((old) => (
            <label key={String(old)} className={styles.option}>
              <input type="radio" name="visit" checked={isOldPatient === old} onChange={() => onVisit(old)} />
              <span className={styles.optionText}>
                <span className={styles.optionTitle}>{old ? checkoutText.seenBefore : checkoutText.newPatient}</span>
                <span className={styles.fee}>{formatMoney(old ? fees.followAmount : fees.amount, region)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Payment method</legend>
        <div className={styles.options}>
          {PAYMENT_METHODS.map((m) => (
            <label key={m} className={styles.option}>
              <input type="radio" name="payment-method" value={m} checked={paymentMethod === m} onChange={() => onPaymentMethod(m)} />
              <span className={styles.optionText}>
                <span className={styles.optionTitle}>{METHOD_LABELS[m]}</span>
                <span className={styles.muted}>{`${currencyForRegion(region)} ${formatMoney(fee, region)}`}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.actions}>
        <div className={styles.actionsEnd}>
          <Button onClick={onNext}>Next</Button>
        </div>
      </div>
    </>
  );
}
