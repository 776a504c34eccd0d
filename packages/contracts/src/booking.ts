/**
 * Booking and payment contracts (docs/booking.md): the request and response schemas of the checkout calls, shared by
 * the API and the web app, and the pure rules both apply (purpose of visit, one-time code, fee). No I/O, no screen
 * state: the checkout wizard and its timings live in the web app's booking feature.
 */
import { z } from 'zod';

export const OTP_LENGTH = 6;
/** Purpose text must exceed this many characters after trimming. */
export const PURPOSE_MIN_EXCLUSIVE = 10;

export const TYPES_OF_VISIT = ['first_visit', 'follow_up'] as const;
export type TypeOfVisit = (typeof TYPES_OF_VISIT)[number];
export const PAYMENT_METHODS = ['stripe', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The booking texts the server sends and the web app shows as they are (docs/booking.md lists them; the wording is
 * part of the product, odd capitals included).
 */
export const bookingMessages = {
  purposeTooShort: 'Please describe more about your medical concern',
  purposeInvalid: 'Add a valid concern',
  invalidOtp: 'Invalid OTP',
  otpLocked: 'Too many wrong codes. Please request a new one.',
  otpExpired: 'This code has expired. Please request a new one.',
  slotTaken: 'Oops! This slot is already booked.',
  verificationFailed: 'Payment verification failed.',
  paymentFailed: 'Payment failed. Please try again.',
  processing: 'Processing Payment - Please wait while we confirm your booking...',
} as const;

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

/** Longer than 10 characters once trimmed; shorter is "too short", or "not a valid concern" when it has no letter. */
export function validatePurpose(purpose: string): string | null {
  const trimmed = purpose.trim();
  if (trimmed.length > PURPOSE_MIN_EXCLUSIVE) return null;
  if (!/\p{L}/u.test(trimmed)) return bookingMessages.purposeInvalid;
  return bookingMessages.purposeTooShort;
}

/** A code is exactly 6 digits. */
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

/** first_visit → amount, follow_up → follow_amount. Amounts are minor units. */
export function feeFor(type: TypeOfVisit, fees: Fees): number {
  return type === 'follow_up' ? fees.follow_amount : fees.amount;
}

export function typeOfVisitFor(isOldPatient: boolean): TypeOfVisit {
  return isOldPatient ? 'follow_up' : 'first_visit';
}

// ---------------------------------------------------------------------------------------------
// Schemas of the calls (docs/booking.md, "Calls")
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
    sent: z
      .boolean()
      .describe('true when this call e-mailed a new code; false when the code sent moments ago (within the resend pause) still stands'),
    resendAvailableAt: z.string().describe('From then on, asking again e-mails a new code (ISO 8601); a locked code is replaced at once'),
  }),
});
export type OtpRequestResponse = z.infer<typeof otpRequestResponseSchema>;

export const otpCheckQuerySchema = z.object({ otp: z.string().max(32) });
/** Why a code was refused: a wrong or unknown code, an expired one, or one locked after too many wrong tries. */
export const OTP_REFUSALS = ['invalid', 'expired', 'locked'] as const;
export type OtpRefusal = (typeof OTP_REFUSALS)[number];
export const otpCheckResponseSchema = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  reason: z.enum(OTP_REFUSALS).optional().describe("Set when status is false: 'invalid', 'expired' or 'locked' (ask for a new code)"),
});
export type OtpCheckResponse = z.infer<typeof otpCheckResponseSchema>;

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
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const walletOrderResponseSchema = z.object({
  orderID: z.string(),
  gateway: z.enum(['sandbox', 'paypal']),
  amount: z.number().int(),
  currency: z.enum(['GBP', 'USD']),
  holdExpiresAt: z.string(),
});
export type WalletOrderResponse = z.infer<typeof walletOrderResponseSchema>;

const ECHOED_DETAILS_MAX_CHARS = 10_000;
const echoedDetails = z
  .unknown()
  .refine((v) => v === undefined || JSON.stringify(v).length <= ECHOED_DETAILS_MAX_CHARS, 'is too large')
  .optional();

/** The payment verification data the web app sends. Only orderID and user_id decide anything; amounts come from the server. */
export const verifyPaymentSchema = z.object({
  orderID: z.string().min(1).max(200),
  // Echoed by the client (part of the verification data) and ignored by the server: any shape, but bounded in size.
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
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

export const paymentStatusResponseSchema = z.object({ data: z.object({ status: z.enum(PAYMENT_STATUSES) }) });
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

export const sessionStatusResponseSchema = z.object({
  status: z.string().describe("'open', 'complete' or 'expired'"),
  customer_email: z.string().nullable(),
});
export type SessionStatusResponse = z.infer<typeof sessionStatusResponseSchema>;

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

/** What the sandbox card form gets back when it pays a checkout session. */
export const sandboxCardPaymentResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid']),
});
export type SandboxCardPaymentResponse = z.infer<typeof sandboxCardPaymentResponseSchema>;

/** A sandbox wallet order as the sandbox wallet window shows it (amount in minor units). */
export const sandboxWalletOrderSchema = z.object({ id: z.string(), status: z.string(), amount: z.number().int(), currency: z.string() });
export type SandboxWalletOrder = z.infer<typeof sandboxWalletOrderSchema>;

export const SANDBOX_WALLET_DECISIONS = ['approve', 'cancel'] as const;
export type SandboxWalletDecision = (typeof SANDBOX_WALLET_DECISIONS)[number];
export const sandboxWalletDecisionResponseSchema = z.object({ id: z.string(), status: z.string() });
export type SandboxWalletDecisionResponse = z.infer<typeof sandboxWalletDecisionResponseSchema>;

/** The sandbox's test cards, as Stripe's test mode knows them. */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
