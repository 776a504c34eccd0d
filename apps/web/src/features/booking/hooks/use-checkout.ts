import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import {
  bookingMessages,
  feeFor,
  normaliseOtpInput,
  validatePurpose,
  type BookingAttempt,
  type CheckoutRequest,
  type PaymentMethod,
} from '@careslot/contracts/booking';
import { ApiError } from '../../../lib/api-client';
import { forgetHeld, readHeldUntil, rememberHeldUntil } from '../../../lib/held-slot';
import { useProviderDetails } from '../../../lib/provider-details';
import { currentUserId } from '../../../lib/session';
import { checkOtp, requestOtp, useCheckoutSlot, usePaymentConfig } from '../api/booking-api';
import { checkoutText, initialWizardState, paymentToast, wizardReducer, type WizardStep } from '../checkout-wizard';
import { endTimeOf, useCheckoutTarget } from './use-checkout-target';
import { usePaymentConfirmation } from './use-payment-confirmation';
import { usePaymentStart } from './use-payment-start';

/** Moves focus to the new step's heading, so keyboard and screen-reader users follow along (not on first render). */
function useStepHeadingFocus(step: WizardStep) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);
  return headingRef;
}

/**
 * The checkout at /appointment/{doc_id} (docs/booking.md): the wizard's state, the one-time code, the hold, starting a
 * card or wallet payment and confirming it. The page and its step components only render what this returns.
 */
export function useCheckout() {
  const target = useCheckoutTarget();
  const { doctorId, region, date, time, distance, profilePath } = target;
  const navigate = useNavigate();
  const userId = currentUserId();
  const details = useProviderDetails(doctorId, region);
  const config = usePaymentConfig();
  const doctor = details.data?.data;

  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [purposeError, setPurposeError] = useState<string | null>(null);
  const [otpBusy, setOtpBusy] = useState(false);
  const [holdUntil, setHoldUntil] = useState(() => readHeldUntil(doctorId, date, time));
  const headingRef = useStepHeadingFocus(state.step);

  const slotLost = useCallback(() => {
    toast.error(bookingMessages.slotTaken, paymentToast);
    navigate(profilePath, { replace: true });
  }, [navigate, profilePath]);
  const confirmation = usePaymentConfirmation({ region, onSlotLost: slotLost });

  const slot = useCheckoutSlot(doctorId, region, date, time);
  useEffect(() => {
    if (slot?.available === false) slotLost();
  }, [slot, slotLost]);

  const fee = doctor ? feeFor(state.typeOfVisit, { amount: doctor.amount_minor, follow_amount: doctor.follow_amount_minor }) : 0;
  // The slot's own hospital and end, as the server says (a provider may work at several clinics); the profile's
  // handoff until it answers; the consultation length only if neither knows.
  const hospitalId = slot?.hospital_id ?? target.hospitalId;
  const hospital = doctor?.hospital_details.find((h) => h.hospital_id === hospitalId) ?? doctor?.hospital_details[0];
  const endTime = slot?.end_time ?? target.endTime ?? (doctor ? endTimeOf(time, doctor.consultationTime) : null);
  const attempt: BookingAttempt = { providerId: doctorId, providerRegion: region, bookedDate: date, timeSlot: time };
  const checkoutBody: CheckoutRequest = {
    ...attempt,
    type_of_visit: state.typeOfVisit,
    purpose_for_visit: state.purpose,
    doctorDistance: distance,
  };

  function holdIsUntil(until: Date) {
    rememberHeldUntil(doctorId, date, time, until);
    setHoldUntil(until);
  }

  /**
   * Requests the code, which also holds the slot; the answer says whether a new code went out and when the next can.
   * A 409 means the slot is gone; any other failure is said (in the code step, or as a toast from step 2).
   */
  async function sendOtp() {
    if (!userId) return;
    setOtpBusy(true);
    try {
      const res = await requestOtp(userId, attempt);
      holdIsUntil(new Date(res.data.holdExpiresAt));
      dispatch({
        type: 'otpSent',
        maskedEmail: res.data.email,
        sent: res.data.sent,
        resendAvailableAt: Date.parse(res.data.resendAvailableAt),
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) slotLost();
      else {
        const message = err instanceof ApiError ? err.message : checkoutText.codeRequestFailed;
        if (state.step === 3) dispatch({ type: 'otpProblem', message });
        else toast.error(message, paymentToast);
      }
    } finally {
      setOtpBusy(false);
    }
  }

  function leaveConcernStep() {
    const error = validatePurpose(state.purpose);
    setPurposeError(error);
    if (!error) void sendOtp();
  }

  function changePurpose(purpose: string) {
    dispatch({ type: 'setPurpose', purpose });
    if (purposeError) setPurposeError(null);
  }

  /** The code is checked as soon as it has 6 digits. */
  async function changeOtp(value: string) {
    dispatch({ type: 'setOtp', otp: value });
    const digits = normaliseOtpInput(value);
    if (digits.length !== 6 || !userId) return;
    setOtpBusy(true);
    try {
      const res = await checkOtp(userId, digits);
      dispatch({ type: 'otpChecked', ok: res.status === true, reason: res.reason, message: res.message });
    } catch (err) {
      dispatch({ type: 'otpProblem', message: err instanceof ApiError ? err.message : checkoutText.codeCheckFailed });
    } finally {
      setOtpBusy(false);
    }
  }

  const start = usePaymentStart({ userId, checkoutBody, onSlotLost: slotLost, onHeldUntil: setHoldUntil });

  /** The gateway took the money: verify it and follow it to the end. */
  function paid(orderID: string, method: PaymentMethod) {
    if (!userId) return;
    start.clear();
    void confirmation.confirm(
      {
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
      },
      { rideTo: hospital, onCompleted: () => forgetHeld(doctorId, date, time) },
    );
  }

  if (!date || !time) return { view: 'no-slot', target } as const;
  // Opened from its address alone (a reload, a sign-in on the way): wait for the slot's own clinic rather than show another.
  if (details.isPending || (slot === undefined && !target.hospitalId)) return { view: 'loading', target } as const;
  if (!doctor) return { view: 'not-found', target } as const;
  return {
    view: 'ready',
    target,
    doctor,
    hospital,
    endTime,
    holdUntil,
    fee,
    paymentConfig: config.data,
    wizard: { state, dispatch, headingRef, purposeError, otpBusy },
    steps: { leaveConcernStep, changePurpose, changeOtp, resendOtp: () => void sendOtp() },
    pay: { ...start, paid },
    overlay: confirmation.overlay,
  } as const;
}
