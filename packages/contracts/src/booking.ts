/**
 * Booking checkout and payment contracts (SPEC §2 Booking checkout, §3, §4, §5, §7, §8, §9).
 * Request and response schemas shared by the API and the web app, plus the pure rules of the
 * checkout wizard. No I/O.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Constants (SPEC §9)
// ---------------------------------------------------------------------------------------------

export const OTP_LENGTH = 6;
/** Purpose text must exceed this many characters after trimming. */
export const PURPOSE_MIN_EXCLUSIVE = 10;
export const PAYMENT_POLL_INTERVAL_MS = 5_000;
export const PAYMENT_POLL_MAX_ATTEMPTS = 12;
export const SUCCESS_OVERLAY_MS = 6_000;
export const SUCCESS_REDIRECT_DELAY_MS = 3_000;
export const PAYMENT_TOAST_MS = 10_000;

export const TYPES_OF_VISIT = ['first_visit', 'follow_up'] as const;
export type TypeOfVisit = (typeof TYPES_OF_VISIT)[number];
export const PAYMENT_METHODS = ['stripe', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The query flag /userProfile reads to offer a ride to the hospital after a booking. */
export const RIDE_HAILING_FLAG = 'showRideModal';

// ---------------------------------------------------------------------------------------------
// Texts people read (SPEC §2, §5, §8): kept exactly as written.
// ---------------------------------------------------------------------------------------------

export const bookingMessages = {
  confirmInfo: 'Confirm the following information',
  newPatient: "I'm a new patient",
  seenBefore: "I've seen this doctor before",
  noSpeciality: 'No speciality information available',
  purposeTooShort: 'Please describe more about your medical concern',
  purposeInvalid: 'Add a valid concern',
  invalidOtp: 'Invalid OTP',
  otpVerified: 'Your OTP is verified ✅',
  paymentCancelled: 'Payment is Cancelled',
  paymentError: 'There was an error with your payment, please try again',
  slotTaken: 'Oops! This slot is already booked.',
  verificationFailed: 'Payment verification failed.',
  confirmIssue: 'There was an issue confirming the booking.',
  paymentFailed: 'Payment failed. Please try again.',
  verificationTimedOut: 'Payment verification timed out.',
  somethingWrong: 'Something went wrong',
  noClientSecret: 'Invalid response from server. No clientSecret returned.',
  processing: 'Processing Payment - Please wait while we confirm your booking...',
  success: 'Payment Successful! Your booking has been confirmed. This window will close automatically.',
  returnFailed: 'Payment failed',
} as const;

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

/** SPEC §5: ≤ 10 characters after trimming → too short; if it also has no letters → not a valid concern. */
export function validatePurpose(purpose: string): string | null {
  const trimmed = purpose.trim();
  if (trimmed.length > PURPOSE_MIN_EXCLUSIVE) return null;
  if (!/\p{L}/u.test(trimmed)) return bookingMessages.purposeInvalid;
  return bookingMessages.purposeTooShort;
}

/** Our codes are 6 digits; SPEC §5 asks for exactly 6 characters. */
export function isOtpComplete(otp: string): boolean {
  return /^\d{6}$/.test(otp);
}

/** Keeps what a person typed or pasted to the digits of a code, at most 6 ("123 456" → "123456"). */
export function normaliseOtpInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export interface Fees {
  amount: number;
  follow_amount: number;
}

/** first_visit → amount, follow_up → follow_amount (SPEC §4). Amounts are minor units. */
export function feeFor(type: TypeOfVisit, fees: Fees): number {
  return type === 'follow_up' ? fees.follow_amount : fees.amount;
}

export function typeOfVisitFor(isOldPatient: boolean): TypeOfVisit {
  return isOldPatient ? 'follow_up' : 'first_visit';
}

// Wizard state (SPEC §3 booking flow state, §4 wizard) ------------------------------------------

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

/** SPEC §5: Step 2 Next is disabled while the purpose is empty (a short one is explained on click). */
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

// ---------------------------------------------------------------------------------------------
// Schemas of the calls (SPEC §7 Booking and payment)
// ---------------------------------------------------------------------------------------------

const dateText = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'must be a date as DD/MM/YYYY');
const timeText = z
  .string()
  .max(20, "must be a time such as '9:30 AM' or '09:30'")
  .trim()
  .regex(/^(\d{1,2}:\d{2}\s*[AaPp][Mm]|\d{2}:\d{2})$/, "must be a time such as '9:30 AM' or '09:30'");

/** The booking attempt an OTP and a hold are bound to. */
export const bookingAttemptSchema = z.object({
  providerId: z.uuid('must be a provider id'),
  providerRegion: z.enum(['uk', 'usa']),
  bookedDate: dateText,
  timeSlot: timeText,
});
export type BookingAttempt = z.infer<typeof bookingAttemptSchema>;

export const otpRequestSchema = bookingAttemptSchema;
export const otpRequestResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({
    email: z.string().describe('Masked e-mail the code went to'),
    holdExpiresAt: z.string().describe('The slot is held for this patient until then (ISO 8601)'),
  }),
});

export const otpCheckQuerySchema = z.object({ otp: z.string().max(32) });
export const otpCheckResponseSchema = z.object({ status: z.boolean(), message: z.string().optional() });

export const checkoutRequestSchema = bookingAttemptSchema.extend({
  type_of_visit: z.enum(TYPES_OF_VISIT).default('first_visit'),
  purpose_for_visit: z.string().max(2000),
  doctorDistance: z
    .union([z.string().max(20), z.number().min(0).max(100_000)])
    .optional()
    .nullable(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  clientSecret: z.string(),
  sessionId: z.string(),
  gateway: z.enum(['sandbox', 'stripe']),
  amount: z.number().int().describe('Minor units decided by the server'),
  currency: z.enum(['GBP', 'USD']),
  holdExpiresAt: z.string(),
});

export const walletOrderResponseSchema = z.object({
  orderID: z.string(),
  gateway: z.enum(['sandbox', 'paypal']),
  amount: z.number().int(),
  currency: z.enum(['GBP', 'USD']),
  holdExpiresAt: z.string(),
});

const ECHOED_DETAILS_MAX_CHARS = 10_000;
const echoedDetails = z
  .unknown()
  .refine((v) => v === undefined || JSON.stringify(v).length <= ECHOED_DETAILS_MAX_CHARS, 'is too large')
  .optional();

/** SPEC §3 payment verification data. Only orderID and user_id decide anything; amounts come from the server. */
export const verifyPaymentSchema = z.object({
  orderID: z.string().min(1).max(200),
  // Echoed by the client (SPEC §3) and ignored by the server: any shape, but bounded in size.
  bookingDetails: echoedDetails,
  doctorDetails: echoedDetails,
  user_id: z.string().max(100),
  paymentMethod: z.enum(PAYMENT_METHODS).default('paypal'),
  purposeForVisit: z.string().max(2000).optional(),
  formattedEndTime: z.string().max(40).optional(),
  hospitalLocation: z.string().max(500).optional().nullable(),
  selectedAmount: z
    .union([z.string().max(40), z.number()])
    .optional()
    .nullable(),
  isOldPatient: z.boolean().optional(),
});
export type VerifyPaymentBody = z.input<typeof verifyPaymentSchema>;

export const verifyPaymentResponseSchema = z.object({
  data: z.object({ success: z.boolean(), status: z.enum(PAYMENT_STATUSES), message: z.string().optional() }),
});

export const paymentStatusResponseSchema = z.object({ data: z.object({ status: z.enum(PAYMENT_STATUSES) }) });

export const sessionStatusResponseSchema = z.object({
  status: z.string().describe("'open', 'complete' or 'expired'"),
  customer_email: z.string().nullable(),
});

export const paymentConfigSchema = z.object({
  card: z.object({ gateway: z.enum(['sandbox', 'stripe']), publishableKey: z.string().nullable() }),
  wallet: z.object({ gateway: z.enum(['sandbox', 'paypal']), clientId: z.string().nullable() }),
  holdMinutes: z.number().int(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const sandboxCardSchema = z.object({
  card_number: z.string().max(32),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: z.string().max(8),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

/** The sandbox's test cards, as Stripe's test mode knows them. */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
