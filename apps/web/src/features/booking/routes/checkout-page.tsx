import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast, type ToastOptions } from 'react-toastify';
import {
  bookingMessages,
  feeFor,
  initialWizardState,
  isNextDisabled,
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX_ATTEMPTS,
  PAYMENT_TOAST_MS,
  RIDE_HAILING_FLAG,
  SUCCESS_OVERLAY_MS,
  SUCCESS_REDIRECT_DELAY_MS,
  validatePurpose,
  wizardReducer,
  type CheckoutRequest,
  type PaymentMethod,
} from '@careslot/contracts/booking';
import { currencyForRegion, formatMoney, isRegion } from '@careslot/contracts/money';
import { formatOrdinalDate, toTwelveHour, toTwentyFourHour } from '@careslot/contracts/time';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { currentUserId } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';
import {
  checkOtp,
  checkPaymentStatus,
  checkSlot,
  createCardCheckout,
  createWalletOrder,
  requestOtp,
  usePaymentConfig,
  useProviderDetails,
  verifyPayment,
} from '../api/booking-api';
import { CardCheckoutModal, type CardCheckout } from '../components/card-checkout-modal';
import { CheckoutSummary } from '../components/checkout-summary';
import styles from '../components/checkout.module.css';
import { PaymentOverlay, type OverlayState } from '../components/payment-overlay';
import { ProgressSteps } from '../components/progress-steps';
import { SandboxWalletWindow } from '../components/wallet-window';

const PaypalWalletButtons = lazy(() => import('../components/paypal-wallet-buttons'));

const paymentToast: ToastOptions = { autoClose: PAYMENT_TOAST_MS, position: 'top-center' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface NavState {
  bookingDetails?: { date?: string; time?: string; end_time?: string; distance?: string | number };
  doctorDetails?: { hospital_details?: { hospital_name?: string; hospital_location?: string }[] };
}

/** Where this patient's own hold is remembered, so a reload does not mistake it for someone else's. */
const holdKey = (doctorId: string, date: string, time: string) => `careslot.hold.${doctorId}.${date}.${time}`;

function endTimeOf(time: string, minutes: number): string | null {
  const t24 = toTwentyFourHour(time);
  if (!t24) return null;
  const [h, m] = t24.split(':').map(Number) as [number, number];
  const total = (h * 60 + m + minutes) % (24 * 60);
  return toTwelveHour(`${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`);
}

/** /appointment/{doc_id}: the three-step checkout (SPEC §2 Booking checkout, §4, §5, §8). */
export default function CheckoutPage() {
  const { doc_id: doctorId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const navState = (location.state ?? null) as NavState | null;
  const storedRegion = localStorage.getItem(storageKeys.selectedRegion);
  const regionParam = params.get('region') ?? storedRegion;
  const region = isRegion(regionParam) ? regionParam : 'uk';
  const date = navState?.bookingDetails?.date ?? params.get('date') ?? '';
  const time = navState?.bookingDetails?.time ?? params.get('time') ?? '';
  const distance = String(navState?.bookingDetails?.distance ?? params.get('distance') ?? '0');
  const userId = currentUserId();
  const profilePath = `${paths.doctorProfile(doctorId, distance)}?region=${region}`;

  const details = useProviderDetails(doctorId, region);
  const config = usePaymentConfig();
  const doctor = details.data?.data;

  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [purposeError, setPurposeError] = useState<string | null>(null);
  const [otpBusy, setOtpBusy] = useState(false);
  const [holdUntil, setHoldUntil] = useState<Date | null>(() => {
    const saved = sessionStorage.getItem(holdKey(doctorId, date, time));
    return saved && new Date(saved) > new Date() ? new Date(saved) : null;
  });
  const [payBusy, setPayBusy] = useState(false);
  const [cardCheckout, setCardCheckout] = useState<CardCheckout | null>(null);
  const [walletOrder, setWalletOrder] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<OverlayState>('hidden');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const slotLost = useCallback(() => {
    toast.error(bookingMessages.slotTaken, paymentToast);
    navigate(profilePath, { replace: true });
  }, [navigate, profilePath]);

  // The slot must still be free when checkout opens (any failure counts as unavailable).
  const slotChecked = useRef(false);
  useEffect(() => {
    if (slotChecked.current || !date || !time) return;
    slotChecked.current = true;
    // The server counts our own unexpired hold as available, so a reload mid-checkout stays here.
    void checkSlot(doctorId, region, date, time).then((available) => {
      if (!available && alive.current) slotLost();
    });
  }, [doctorId, region, date, time, slotLost]);

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state.step]);

  const fees = doctor ? { amount: doctor.amount_minor, follow_amount: doctor.follow_amount_minor } : null;
  const fee = fees ? feeFor(state.typeOfVisit, fees) : 0;
  const currency = currencyForRegion(region);
  // The slot's hospital comes from the profile screen; a reload falls back to the provider's main hospital.
  const slotHospitalName = navState?.doctorDetails?.hospital_details?.[0]?.hospital_name;
  const hospital = doctor?.hospital_details.find((h) => h.hospital_name === slotHospitalName) ?? doctor?.hospital_details[0];
  const endTime = navState?.bookingDetails?.end_time ?? (doctor ? endTimeOf(time, doctor.consultationTime) : null);

  const attempt = useMemo(
    () => ({ providerId: doctorId, providerRegion: region, bookedDate: date, timeSlot: time }),
    [doctorId, region, date, time],
  );
  const checkoutBody: CheckoutRequest = {
    ...attempt,
    type_of_visit: state.typeOfVisit,
    purpose_for_visit: state.purpose,
    doctorDistance: distance,
  };

  async function sendOtp(): Promise<boolean> {
    if (!userId) return false;
    setOtpBusy(true);
    try {
      const res = await requestOtp(userId, attempt);
      const until = new Date(res.data.holdExpiresAt);
      sessionStorage.setItem(holdKey(doctorId, date, time), until.toISOString());
      setHoldUntil(until);
      dispatch({ type: 'otpSent', maskedEmail: res.data.email });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) slotLost();
      // SPEC §8: OTP call failures show no message.
      return false;
    } finally {
      setOtpBusy(false);
    }
  }

  function nextFromConcern() {
    const error = validatePurpose(state.purpose);
    setPurposeError(error);
    if (!error) void sendOtp();
  }

  async function onOtpChange(value: string) {
    dispatch({ type: 'setOtp', otp: value });
    const digits = value.replace(/\D/g, '').slice(0, 6);
    if (digits.length !== 6 || !userId) return;
    setOtpBusy(true);
    try {
      const res = await checkOtp(userId, digits);
      dispatch({ type: 'otpChecked', ok: res.status === true });
    } catch {
      dispatch({ type: 'otpChecked', ok: false });
    } finally {
      setOtpBusy(false);
    }
  }

  /** After the gateway took the money: verify, then poll every 5 s up to 12 times (SPEC §4). */
  async function verifyAndPoll(orderID: string, method: PaymentMethod) {
    if (!userId) return;
    setOverlay('processing');
    try {
      await verifyPayment(region, {
        orderID,
        bookingDetails: { date, time, distance },
        doctorDetails: doctor ? { _id: doctor._id, name: doctor.name } : undefined,
        user_id: userId,
        paymentMethod: method,
        purposeForVisit: state.purpose,
        formattedEndTime: endTime ?? undefined,
        hospitalLocation: hospital?.hospital_location ?? null,
        selectedAmount: fee,
        isOldPatient: state.isOldPatient,
      });
    } catch (err) {
      setOverlay('hidden');
      if (err instanceof ApiError && err.status === 409) return slotLost();
      toast.error(bookingMessages.verificationFailed, paymentToast);
      return;
    }
    for (let attemptNo = 1; attemptNo <= PAYMENT_POLL_MAX_ATTEMPTS; attemptNo++) {
      if (!alive.current) return;
      let status: string;
      try {
        status = (await checkPaymentStatus(orderID)).data.status;
      } catch {
        setOverlay('hidden');
        toast.error(bookingMessages.confirmIssue, paymentToast);
        return;
      }
      if (status === 'COMPLETED') {
        sessionStorage.removeItem(holdKey(doctorId, date, time));
        setOverlay('success');
        setTimeout(() => alive.current && setOverlay('hidden'), SUCCESS_OVERLAY_MS);
        setTimeout(() => {
          navigate(`${paths.userProfile}?${RIDE_HAILING_FLAG}=1`, {
            state: {
              [RIDE_HAILING_FLAG]: true,
              hospital: hospital
                ? {
                    name: hospital.hospital_name,
                    address: hospital.hospital_location,
                    latitude: hospital.latitude,
                    longitude: hospital.longitude,
                  }
                : null,
            },
          });
        }, SUCCESS_REDIRECT_DELAY_MS);
        return;
      }
      if (status === 'FAILED') {
        setOverlay('hidden');
        toast.error(bookingMessages.paymentFailed, paymentToast);
        return;
      }
      if (attemptNo < PAYMENT_POLL_MAX_ATTEMPTS) await sleep(PAYMENT_POLL_INTERVAL_MS);
    }
    setOverlay('hidden');
    toast.error(bookingMessages.verificationTimedOut, paymentToast);
  }

  function startFailed(err: unknown) {
    if (err instanceof ApiError && err.status === 409) return slotLost();
    const body = (err instanceof ApiError ? err.body : null) as { message?: string; error?: string } | null;
    toast.error(body?.message || body?.error || bookingMessages.somethingWrong, paymentToast);
  }

  async function payByCard() {
    if (!userId) return;
    setPayBusy(true);
    try {
      const res = await createCardCheckout(userId, checkoutBody);
      if (!res.clientSecret || !res.sessionId) {
        toast.error(bookingMessages.noClientSecret, paymentToast);
        return;
      }
      if (res.holdExpiresAt) setHoldUntil(new Date(res.holdExpiresAt));
      setCardCheckout({ clientSecret: res.clientSecret, sessionId: res.sessionId, gateway: res.gateway ?? 'sandbox' });
    } catch (err) {
      setCardCheckout(null);
      startFailed(err);
    } finally {
      setPayBusy(false);
    }
  }

  async function createOrder(): Promise<string> {
    const res = await createWalletOrder(userId!, checkoutBody);
    setHoldUntil(new Date(res.holdExpiresAt));
    return res.orderID;
  }

  async function payByWallet() {
    if (!userId) return;
    setPayBusy(true);
    try {
      setWalletOrder(await createOrder());
    } catch (err) {
      startFailed(err);
    } finally {
      setPayBusy(false);
    }
  }

  const walletCancelled = () => toast.info(bookingMessages.paymentCancelled, paymentToast);
  const walletError = useCallback(() => {
    setWalletOrder(null);
    toast.error(bookingMessages.paymentError, paymentToast);
  }, [setWalletOrder]);

  if (!date || !time) {
    return (
      <section className="page narrow">
        <title>Book an appointment · CareSlot</title>
        <h1>Book an appointment</h1>
        <Alert tone="warning" title="Choose a time first">
          <p>
            Pick a free slot on the doctor&apos;s profile to start booking. <Link to={profilePath}>Back to the profile</Link>
          </p>
        </Alert>
      </section>
    );
  }

  if (details.isPending) {
    return (
      <section className="page">
        <title>Book an appointment · CareSlot</title>
        <div className="screen-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Loading your booking…</span>
        </div>
      </section>
    );
  }

  if (!doctor) {
    return (
      <section className="page narrow">
        <title>Book an appointment · CareSlot</title>
        <h1>Book an appointment</h1>
        <Alert tone="error" title="We could not load this doctor">
          <p>
            Please try again in a moment. <Link to={profilePath}>Back to the profile</Link>
          </p>
        </Alert>
      </section>
    );
  }

  const feeLabel = (minor: number) => `${currency} ${formatMoney(minor, region)}`;
  const walletGateway = config.data?.wallet;

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
          date={formatOrdinalDate(date) ?? date}
          timeRange={`${time} - ${endTime ?? ''}`}
          holdUntil={holdUntil}
        />

        <div className={styles.main}>
          <ProgressSteps step={state.step} />

          {state.step === 1 && (
            <>
              <h2 ref={headingRef} tabIndex={-1} className={styles.heading}>
                {bookingMessages.confirmInfo}
              </h2>
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>Consultation type</legend>
                <div className={styles.options}>
                  {[false, true].map((old) => (
                    <label key={String(old)} className={styles.option}>
                      <input
                        type="radio"
                        name="visit"
                        checked={state.isOldPatient === old}
                        onChange={() => dispatch({ type: 'setVisit', isOldPatient: old })}
                      />
                      <span className={styles.optionText}>
                        <span className={styles.optionTitle}>{old ? bookingMessages.seenBefore : bookingMessages.newPatient}</span>
                        <span className={styles.fee}>{formatMoney(old ? doctor.follow_amount_minor : doctor.amount_minor, region)}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>Payment method</legend>
                <div className={styles.options}>
                  {(['stripe', 'paypal'] as const).map((m) => (
                    <label key={m} className={styles.option}>
                      <input
                        type="radio"
                        name="payment-method"
                        value={m}
                        checked={state.paymentMethod === m}
                        onChange={() => dispatch({ type: 'setPaymentMethod', method: m })}
                      />
                      <span className={styles.optionText}>
                        <span className={styles.optionTitle}>{m === 'stripe' ? 'Card (Stripe)' : 'PayPal wallet'}</span>
                        <span className={styles.muted}>{feeLabel(fee)}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className={styles.actions}>
                <div className={styles.actionsEnd}>
                  <Button onClick={() => dispatch({ type: 'next' })}>Next</Button>
                </div>
              </div>
            </>
          )}

          {state.step === 2 && (
            <>
              <h2 ref={headingRef} tabIndex={-1} className={styles.heading}>
                Purpose of your visit
              </h2>
              <TextAreaField
                label="Comments"
                hint="Tell the doctor what the visit is about: symptoms, how long, anything they should know."
                rows={5}
                maxLength={2000}
                required
                value={state.purpose}
                error={purposeError ?? undefined}
                onChange={(e) => {
                  dispatch({ type: 'setPurpose', purpose: e.target.value });
                  if (purposeError) setPurposeError(null);
                }}
              />
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => dispatch({ type: 'back' })} disabled={otpBusy}>
                  Back
                </Button>
                <div className={styles.actionsEnd}>
                  <Button onClick={nextFromConcern} disabled={isNextDisabled(state)} loading={otpBusy}>
                    Next
                  </Button>
                </div>
              </div>
            </>
          )}

          {state.step === 3 && (
            <>
              <h2 ref={headingRef} tabIndex={-1} className={styles.heading}>
                OTP verification
              </h2>
              <p className={styles.muted}>
                Enter the 6-digit code we sent to <strong>{state.otpEmail}</strong>. It expires in 10 minutes.
              </p>
              <div className="field">
                <label htmlFor="otp" className="field-label">
                  One-time code
                </label>
                <input
                  id="otp"
                  name="otp"
                  className={`input ${styles.otpInput}`}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  maxLength={12}
                  value={state.otp}
                  disabled={state.otpVerified}
                  aria-invalid={state.otpError ? true : undefined}
                  aria-describedby={state.otpError ? 'otp-error' : undefined}
                  onChange={(e) => void onOtpChange(e.target.value)}
                />
                {state.otpError && (
                  <p id="otp-error" className="field-error" role="alert">
                    <span aria-hidden="true">⚠ </span>
                    {state.otpError}
                  </p>
                )}
              </div>
              {state.otpVerified ? (
                <p className={styles.verified} role="status">
                  {bookingMessages.otpVerified}
                </p>
              ) : (
                <div className={styles.actions}>
                  <Button variant="secondary" onClick={() => dispatch({ type: 'back' })} disabled={otpBusy}>
                    Back
                  </Button>
                  <button type="button" className={styles.linkButton} onClick={() => void sendOtp()} disabled={otpBusy}>
                    Send a new code
                  </button>
                </div>
              )}

              {state.otpVerified && (
                <div className={styles.payButtons}>
                  {state.paymentMethod === 'stripe' ? (
                    <Button onClick={payByCard} loading={payBusy} disabled={otpBusy}>
                      Pay {formatMoney(fee, region)} by card
                    </Button>
                  ) : walletGateway?.gateway === 'paypal' && walletGateway.clientId ? (
                    <Suspense fallback={<span className="spinner" aria-label="Loading PayPal" />}>
                      <PaypalWalletButtons
                        clientId={walletGateway.clientId}
                        currency={currency}
                        disabled={otpBusy}
                        createOrder={() =>
                          createOrder().catch((err) => {
                            startFailed(err);
                            throw err;
                          })
                        }
                        onApproved={(id) => void verifyAndPoll(id, 'paypal')}
                        onCancelled={walletCancelled}
                        onError={walletError}
                      />
                    </Suspense>
                  ) : (
                    <Button onClick={payByWallet} loading={payBusy} disabled={otpBusy}>
                      Pay {formatMoney(fee, region)} with PayPal
                    </Button>
                  )}
                </div>
              )}
            </>
          )}
        </div>
      </div>

      <CardCheckoutModal
        checkout={cardCheckout}
        publishableKey={config.data?.card.publishableKey ?? null}
        amountLabel={formatMoney(fee, region)}
        onClose={() => setCardCheckout(null)}
        onPaid={(sessionId) => {
          setCardCheckout(null);
          void verifyAndPoll(sessionId, 'stripe');
        }}
      />
      <SandboxWalletWindow
        orderId={walletOrder}
        region={region}
        onApproved={(id) => {
          setWalletOrder(null);
          void verifyAndPoll(id, 'paypal');
        }}
        onCancelled={() => {
          setWalletOrder(null);
          walletCancelled();
        }}
        onError={walletError}
      />
      <PaymentOverlay state={overlay} />
    </section>
  );
}
