import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { blankable } from './blankable';
import { isCommonPassword } from './common-passwords';
import { RETURN_PATH_MAX, safeReturnPath } from './return-path';

/**
 * Account calls (docs/accounts.md): register, login, tokens, verification, password recovery.
 * The API validates with these schemas and the web forms use the very same ones.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const USER_TYPES = ['patient', 'provider'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Capitalises the first letter and keeps the rest as typed ("o'neil" → "O'neil", "van Dyke" → "Van Dyke"). */
export function capitaliseFirst(value: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return trimmed.charAt(0).toLocaleUpperCase('en-GB') + trimmed.slice(1);
}

export const emailSchema = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'));

/** Length only (NIST 800-63B / ASVS 2.1): at least 8, at most 128, no composition rules, no common passwords. */
export const newPasswordSchema = z
  .string({ error: 'Enter a password.' })
  .min(1, 'Enter a password.')
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`)
  .refine((p) => !isCommonPassword(p), 'That password is too common and easy to guess. Choose another.');

/** A first or last name: letters (any script), spaces, hyphens and apostrophes; the first letter is capitalised. */
export const personNameSchema = (label: string) =>
  z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(60, `Your ${label} must be 60 characters or fewer.`)
    .refine((v) => /^[\p{L}][\p{L}\p{M}' .-]*$/u.test(v), `Your ${label} can contain letters, spaces, hyphens and apostrophes.`)
    .transform(capitaliseFirst);

/**
 * A UK or USA number, written nationally or with +44 / +1; returned in E.164 (+447911123456).
 * Without a + the national form decides: UK numbers start with 0, US ones never do.
 * The UK includes the Crown Dependencies that share +44 (Guernsey, Jersey, Isle of Man).
 */
export function normalisePhoneNumber(value: string): string | null {
  const trimmed = value.trim();
  const country: CountryCode = trimmed.startsWith('+') || trimmed.replace(/[^\d]/g, '').startsWith('0') ? 'GB' : 'US';
  const parsed = parsePhoneNumberFromString(trimmed, country);
  if (!parsed || !parsed.isValid()) return null;
  if (parsed.countryCallingCode === '44' || (parsed.countryCallingCode === '1' && parsed.country === 'US')) return parsed.number;
  return null;
}

export const phoneNumberSchema = z
  .string({ error: 'Enter your phone number.' })
  .trim()
  .min(1, 'Enter your phone number.')
  .max(32, 'Enter a valid UK or US phone number.')
  .transform((value, ctx) => {
    const normalised = normalisePhoneNumber(value);
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid UK or US phone number, like 07911 123456 or (201) 555-0123.' });
      return z.NEVER;
    }
    return normalised;
  });

/** YYYY-MM-DD that is a real calendar date, in the past, and no more than 130 years ago. */
export function isRealPastDate(value: string, today: Date = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return date.getTime() < todayUtc && y >= today.getUTCFullYear() - 130;
}

export const dateOfBirthSchema = z
  .string({ error: 'Enter your date of birth.' })
  .trim()
  .min(1, 'Enter your date of birth.')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth as YYYY-MM-DD.')
  .refine((v) => isRealPastDate(v), 'Enter a real date of birth in the past.');

function passwordIsNotEmail(data: { email: string; password: string }, ctx: z.RefinementCtx) {
  if (data.password.trim().toLowerCase() === data.email.trim().toLowerCase()) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'Your password must not be your e-mail address.' });
  }
}

export const RETURN_TO_REFUSED = 'The page to come back to must be a page of this site, such as /appointment/….';

/**
 * The page of this site a new patient comes back to after the e-mailed link and signing in (docs/accounts.md, "Coming
 * back after signing in"), normalised; anything else (another site, a scheme, tricks with slashes) is refused.
 */
export const returnToSchema = blankable(
  z
    .string()
    .max(RETURN_PATH_MAX, RETURN_TO_REFUSED)
    .transform((value, ctx) => {
      const path = safeReturnPath(value);
      if (path === null) {
        ctx.addIssue({ code: 'custom', message: RETURN_TO_REFUSED });
        return z.NEVER;
      }
      return path;
    }),
);

export const registerRequestSchema = z
  .object({
    first_name: personNameSchema('first name'),
    last_name: personNameSchema('last name'),
    email: emailSchema,
    password: newPasswordSchema,
    phone_number: phoneNumberSchema,
    date_of_birth: dateOfBirthSchema,
    /** Preferred search radius in miles (optional). */
    temp_distance: z.coerce
      .number({ error: 'Distance must be a number of miles.' })
      .min(0, 'Distance cannot be negative.')
      .max(500, 'Distance must be 500 miles or less.')
      .optional()
      .nullable(),
    /** Optional: a page of this site the e-mailed link leads back to (through sign-in). */
    returnTo: returnToSchema,
  })
  .superRefine(passwordIsNotEmail);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  status: z.literal(true),
  /** Opaque token for this registration: lets /modal re-send the verification e-mail without re-typing the address. */
  auth_token: z.string(),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024, 'That password is too long.'),
  user_type: z.enum(USER_TYPES, { error: "user_type must be 'patient' or 'provider'." }).default('patient'),
  /** Cookie-consent record id (docs/public-site.md); optional. */
  consentID: z.string().max(100).optional().nullable(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const tokensSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

export const loginResponseSchema = z.object({
  status: z.literal(true),
  tokens: tokensSchema,
  user_id: z.string(),
  first_name: z.string(),
  user_type: z.enum([...USER_TYPES]),
  /** A provider's region (provider sign-ins only): the browser keeps it as provider_located_region. */
  region: z.enum(['uk', 'usa']).optional(),
  /** Seconds until the access token expires. */
  expires_in: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The answer for a correct password on an account whose e-mail is not confirmed yet. */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
export const emailNotVerifiedSchema = z.object({
  status: z.literal(false),
  statusCode: z.literal(403),
  error: z.literal(EMAIL_NOT_VERIFIED),
  message: z.string(),
  auth_token: z.string(),
});
export type EmailNotVerifiedResponse = z.infer<typeof emailNotVerifiedSchema>;

export const refreshRequestSchema = z
  .object({
    /** Optional: browsers send the httpOnly refresh_token (or demo_refresh_token) cookie instead. */
    refresh_token: z.string().max(200).optional(),
  })
  .nullish();

export const logoutRequestSchema = refreshRequestSchema;

export const messageResponseSchema = z.object({ status: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** What the sign-in screen may offer: the demo account when the server runs in demo mode. */
export const authOptionsResponseSchema = z.object({ status: z.literal(true), demo_mode: z.boolean() });
export type AuthOptionsResponse = z.infer<typeof authOptionsResponseSchema>;

export const resendVerificationRequestSchema = z
  .object({
    email: emailSchema.optional(),
    auth_token: z.string().max(200).optional(),
    /** Optional: a page of this site the new link leads back to (through sign-in). */
    returnTo: returnToSchema,
  })
  .refine((v) => v.email || v.auth_token, { message: 'Enter your e-mail address.', path: ['email'] });
export type ResendVerificationRequest = z.input<typeof resendVerificationRequestSchema>;

export const forgetPasswordRequestSchema = z.object({
  email: emailSchema,
  userType: z.enum(USER_TYPES, { error: "userType must be 'patient' or 'provider'." }).default('patient'),
});
export type ForgetPasswordRequest = z.input<typeof forgetPasswordRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    new_password: newPasswordSchema,
    confirm_password: z
      .string({ error: 'Confirm your new password.' })
      .min(1, 'Confirm your new password.')
      .max(PASSWORD_MAX, 'The passwords do not match.'),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'The passwords do not match.',
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const tokenParamSchema = (name: string) =>
  z.object({ [name]: z.string().min(10, 'This link is not valid.').max(200, 'This link is not valid.') });

/** One shared answer for a wrong password and an unknown e-mail (ASVS 2.2; decision 014). */
export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail address or password is incorrect.';
export const FORGET_PASSWORD_MESSAGE =
  'If an account exists for that e-mail address, we have sent it a link to reset the password. The link expires in 1 hour.';
export const RESEND_VERIFICATION_MESSAGE =
  'If that account still needs confirming, we have sent a new verification link. Please check your inbox.';
