import { formatOrdinalDate } from '@careslot/contracts/time';
import { formatMoney } from '@careslot/contracts/money';
import { isNextDisabled } from '../checkout-wizard';
import { AppointmentInfoStep } from '../components/appointment-info-step';
import { CardCheckoutModal } from '../components/card-checkout-modal';
import { CheckoutSummary } from '../components/checkout-summary';
import { CheckoutUnavailable } from '../components/checkout-unavailable';
import styles from '../components/checkout.module.css';
import { MedicalConcernStep } from '../components/medical-concern-step';
import { OtpStep } from '../components/otp-step';
import { PayButtons } from '../components/pay-buttons';
import { PaymentOverlay } from '../components/payment-overlay';
import { ProgressSteps } from '../components/progress-steps';
import { SandboxWalletWindow } from '../components/wallet-window';
import { useCheckout } from '../hooks/use-checkout';

/** /appointment/{doc_id}: the three-step checkout (docs/booking.md, "The patient's journey"); its logic is useCheckout. */
export default function CheckoutPage() {
  const checkout = useCheckout();
  if (checkout.view !== 'ready') return <CheckoutUnavailable reason={checkout.view} profilePath={checkout.target.profilePath} />;

  const { target, doctor, hospital, wizard, steps, pay } = checkout;
  const { state, dispatch, headingRef } = wizard;
  return (
    <section className="page">
      <title>Book an appointment · CareSlot</title>
      <h1>Book your appointment</h1>
      <div className={styles.layout}>
        <CheckoutSummary
          doctorName={doctor.name}
          profileImage={doctor.profile_image}
          hospitalName={hospital?.hospital_name ?? 'N/A'}
          speciality={doctor.speciality}
          hospitalLocation={hospital?.hospital_location ?? 'N/A'}
          date={formatOrdinalDate(target.date) ?? target.date}
          timeRange={`${target.time} - ${checkout.endTime ?? ''}`}
          holdUntil={checkout.holdUntil}
        />

        <div className={styles.main}>
          <ProgressSteps step={state.step} />

          {state.step === 1 && (
            <AppointmentInfoStep
              headingRef={headingRef}
              region={target.region}
              fees={{ amount: doctor.amount_minor, followAmount: doctor.follow_amount_minor }}
              fee={checkout.fee}
              isOldPatient={state.isOldPatient}
              paymentMethod={state.paymentMethod}
              onVisit={(isOldPatient) => dispatch({ type: 'setVisit', isOldPatient })}
              onPaymentMethod={(method) => dispatch({ type: 'setPaymentMethod', method })}
              onNext={() => dispatch({ type: 'next' })}
            />
          )}

          {state.step === 2 && (
            <MedicalConcernStep
              headingRef={headingRef}
              purpose={state.purpose}
              error={wizard.purposeError}
              busy={wizard.otpBusy}
              nextDisabled={isNextDisabled(state)}
              onChange={steps.changePurpose}
              onBack={() => dispatch({ type: 'back' })}
              onNext={steps.leaveConcernStep}
            />
          )}

          {state.step === 3 && (
            <OtpStep
              headingRef={headingRef}
              sentTo={state.otpEmail}
              otp={state.otp}
              verified={state.otpVerified}
              error={state.otpError}
              notice={state.otpNotice}
              spent={state.otpSpent}
              resendAvailableAt={state.resendAvailableAt}
              busy={wizard.otpBusy}
              onChange={(value) => void steps.changeOtp(value)}
              onBack={() => dispatch({ type: 'back' })}
              onResend={steps.resendOtp}
            >
              <PayButtons
                method={state.paymentMethod}
                region={target.region}
                fee={checkout.fee}
                wallet={checkout.paymentConfig?.wallet}
                busy={pay.busy}
                disabled={wizard.otpBusy}
                onCard={() => void pay.byCard()}
                onWallet={() => void pay.byWallet()}
                createWalletOrder={pay.createWalletOrder}
                onWalletApproved={(orderId) => pay.paid(orderId, 'paypal')}
                onWalletCancelled={pay.walletCancelled}
                onWalletError={pay.walletError}
              />
            </OtpStep>
          )}
        </div>
      </div>

      <CardCheckoutModal
        checkout={pay.cardCheckout}
        publishableKey={checkout.paymentConfig?.card.publishableKey ?? null}
        amountLabel={formatMoney(checkout.fee, target.region)}
        onClose={pay.closeCardCheckout}
        onPaid={(sessionId) => pay.paid(sessionId, 'stripe')}
      />
      <SandboxWalletWindow
        orderId={pay.walletOrder}
        region={target.region}
        onApproved={(orderId) => pay.paid(orderId, 'paypal')}
        onCancelled={pay.walletCancelled}
        onError={pay.walletError}
      />
      <PaymentOverlay state={checkout.overlay} />
    </section>
  );
}
