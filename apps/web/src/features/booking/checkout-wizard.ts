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
  type OtpRefusal,
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
  sendNewCode: 'Send a new code',
  codeCheckFailed: 'We could not check the code just now. Please try again in a moment.',
  codeRequestFailed: 'We could not send a code just now. Please try again in a moment.',
} as const;

/** What the code step says after asking for a code: a new one went out, or the one sent moments ago still stands. */
export function codeNotice(maskedEmail: string, sent: boolean): string {
  return sent
    ? `We sent a new code to ${maskedEmail}. Codes sent before it no longer work.`
    : `The code we sent to ${maskedEmail} moments ago still works: look for it in your inbox (and your spam folder).`;
}

/** "Send a new code" during the resend pause: "Send a new code in 0:27". */
export function resendLabel(secondsLeft: number): string {
  if (secondsLeft <= 0) return checkoutText.sendNewCode;
  const m = Math.floor(secondsLeft / 60);
  const sec = String(secondsLeft % 60).padStart(2, '0');
  return `${checkoutText.sendNewCode} in ${m}:${sec}`;
}

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
  /** A word about the last code asked for (sent, or the earlier one still stands). */
  otpNotice: string | null;
  /** The code was locked (too many wrong tries) or expired: only a new code helps. */
  otpSpent: boolean;
  /** Until when "Send a new code" would only bring back the same code (epoch ms), or null. */
  resendAvailableAt: number | null;
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
  otpNotice: null,
  otpSpent: false,
  resendAvailableAt: null,
};

export type WizardAction =
  | { type: 'setVisit'; isOldPatient: boolean }
  | { type: 'setPaymentMethod'; method: PaymentMethod }
  | { type: 'setPurpose'; purpose: string }
  | { type: 'next' }
  | { type: 'back' }
  /** `sent`: a new code went out (false: the one sent moments ago stands); `resendAvailableAt`: epoch ms. */
  | { type: 'otpSent'; maskedEmail: string; sent?: boolean; resendAvailableAt?: number }
  | { type: 'setOtp'; otp: string }
  /** The server's answer: `reason` and `message` say why a code was refused. */
  | { type: 'otpChecked'; ok: boolean; reason?: OtpRefusal; message?: string }
  /** Checking or sending a code failed (network, rate limit): not a wrong code, so not 'Invalid OTP'. */
  | { type: 'otpProblem'; message: string };

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
    case 'otpSent': {
      const resent = state.step === 3 && !state.otpVerified;
      if (!resent && !canRequestOtp(state)) return state;
      const sent = action.sent ?? true;
      return {
        ...state,
        step: 3,
        otpEmail: action.maskedEmail,
        otp: '',
        otpError: null,
        otpVerified: false,
        otpSpent: false,
        resendAvailableAt: action.resendAvailableAt ?? null,
        // The step's own text says where the first code went; a resend, or a code that was not re-sent, gets a word.
        otpNotice: resent || !sent ? codeNotice(action.maskedEmail, sent) : null,
      };
    }
    case 'setOtp':
      if (state.otpVerified || state.otpSpent) return state;
      return { ...state, otp: normaliseOtpInput(action.otp), otpError: null };
    case 'otpChecked':
      if (state.otpVerified) return state;
      if (action.ok) return { ...state, otpVerified: true, otpError: null, otpNotice: null };
      if (action.reason === 'locked' || action.reason === 'expired') {
        // Only a new code helps, and the server sends one at once: no pause to wait out.
        const fallback = action.reason === 'locked' ? bookingMessages.otpLocked : bookingMessages.otpExpired;
        return { ...state, otpError: action.message ?? fallback, otpSpent: true, otpNotice: null, resendAvailableAt: null };
      }
      return { ...state, otpError: bookingMessages.invalidOtp, otpNotice: null };
    case 'otpProblem':
      if (state.otpVerified || state.step !== 3) return state;
      return { ...state, otpError: action.message, otpNotice: null };
    default:
      return state;
  }
}
