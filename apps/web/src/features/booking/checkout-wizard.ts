/**
 * The checkout's screen state and timings (docs/booking.md, "The patient's journey"). The rules the server also applies
 * (purpose, code, fee) and the texts it sends stay in @careslot/contracts/booking; what only this screen needs is here.
 */
import type { ToastOptions } from 'react-toastify';
import {
  bookingMessages,
  normaliseOtpInput,
  typeOfVisitFor,
  validatePurpose,
  type PaymentMethod,
  type TypeOfVisit,
} from '@careslot/contracts/booking';

/** Status polling after a payment: every 5 s, at most 12 answers, then the patient is told it timed out. */
export const PAYMENT_POLL_INTERVAL_MS = 5_000;
export const PAYMENT_POLL_MAX_ATTEMPTS = 12;
/** The success overlay stays 6 s; the move to the profile happens after 3 s. */
export const SUCCESS_OVERLAY_MS = 6_000;
export const SUCCESS_REDIRECT_DELAY_MS = 3_000;
/** Payment toasts: 10 s, top centre. */
export const paymentToast: ToastOptions = { autoClose: 10_000, position: 'top-center' };

/** Texts only the checkout screens show, kept exactly as the product words them. */
export const checkoutText = {
  confirmInfo: 'Confirm the following information',
  newPatient: "I'm a new patient",
  seenBefore: "I've seen this doctor before",
  otpVerified: 'Your OTP is verified ✅',
  paymentCancelled: 'Payment is Cancelled',
  paymentError: 'There was an error with your payment, please try again',
  confirmIssue: 'There was an issue confirming the booking.',
  verificationTimedOut: 'Payment verification timed out.',
  somethingWrong: 'Something went wrong',
  noClientSecret: 'Invalid response from server. No clientSecret returned.',
  success: 'Payment Successful! Your booking has been confirmed. This window will close automatically.',
  returnFailed: 'Payment failed',
} as const;

export type WizardStep = 1 | 2 | 3;

export interface WizardState {
  step: WizardStep;
  typeOfVisit: TypeOfVisit;
  isOldPatient: boolean;
  paymentMethod: PaymentMethod;
  purpose: string;
  otp: string;
  otpVerified: boolean;
  /** Masked e-mail the code was sent to. */
  otpEmail: string | null;
  otpError: string | null;
}

export const initialWizardState: WizardState = {
  step: 1,
  typeOfVisit: 'first_visit',
  isOldPatient: false,
  paymentMethod: 'stripe',
  purpose: '',
  otp: '',
  otpVerified: false,
  otpEmail: null,
  otpError: null,
};

export type WizardAction =
  | { type: 'setVisit'; isOldPatient: boolean }
  | { type: 'setPaymentMethod'; method: PaymentMethod }
  | { type: 'setPurpose'; purpose: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'otpSent'; maskedEmail: string }
  | { type: 'setOtp'; otp: string }
  | { type: 'otpChecked'; ok: boolean };

/** Step 2's Next is disabled while the purpose is empty (a short one is explained on click). */
export function isNextDisabled(state: WizardState): boolean {
  if (state.step === 1) return false;
  if (state.step === 2) return state.purpose.trim() === '';
  return true;
}

/** May the wizard leave step 2 (and request the code)? */
export function canRequestOtp(state: WizardState): boolean {
  return state.step === 2 && validatePurpose(state.purpose) === null;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'setVisit':
      if (state.otpVerified) return state;
      return { ...state, isOldPatient: action.isOldPatient, typeOfVisit: typeOfVisitFor(action.isOldPatient) };
    case 'setPaymentMethod':
      return { ...state, paymentMethod: action.method };
    case 'setPurpose':
      if (state.otpVerified) return state;
      return { ...state, purpose: action.purpose };
    case 'next':
      // Step 2 → 3 happens through 'otpSent' (the code is requested first).
      if (state.step === 1) return { ...state, step: 2 };
      return state;
    case 'back':
      if (state.step === 2) return { ...state, step: 1 };
      // Leaving step 3 forgets the unverified code; a verified code stays verified.
      if (state.step === 3 && !state.otpVerified) return { ...state, step: 2, otp: '', otpError: null };
      return state;
    case 'otpSent':
      if (!canRequestOtp(state)) return state;
      return { ...state, step: 3, otpEmail: action.maskedEmail, otp: '', otpError: null, otpVerified: false };
    case 'setOtp':
      if (state.otpVerified) return state;
      return { ...state, otp: normaliseOtpInput(action.otp), otpError: null };
    case 'otpChecked':
      if (state.otpVerified) return state;
      return action.ok ? { ...state, otpVerified: true, otpError: null } : { ...state, otpError: bookingMessages.invalidOtp };
    default:
      return state;
  }
}
