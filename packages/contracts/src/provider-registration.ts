import { z } from 'zod';
import { emailSchema, newPasswordSchema, personNameSchema, phoneNumberSchema } from './auth';
import { CONSULTATION_MINUTES_RANGE, parseAmountText, profileMessages } from './provider-workspace';
import { searchRegionSchema } from './search';

/**
 * Providers joining CareSlot (docs/providers-onboarding.md): registration, the professional-register lookups and the
 * verification status. The API validates with these schemas and the web wizard uses the very same ones.
 */

export const REGULATORS = ['gmc', 'gdc', 'npi'] as const;
export type Regulator = (typeof REGULATORS)[number];

export const REGULATOR_NAMES: Record<Regulator, string> = {
  gmc: 'General Medical Council',
  gdc: 'General Dental Council',
  npi: 'National Provider Identifier (NPPES)',
};

/** Which registers a region's providers use: doctors (GMC) and dentists (GDC) in the UK, everyone by NPI in the USA. */
export const REGULATORS_BY_REGION = { uk: ['gmc', 'gdc'], usa: ['npi'] } as const satisfies Record<string, readonly Regulator[]>;

export const VERIFICATION_STATUSES = ['Verified', 'Unverified'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Trimmed, whitespace collapsed, lowercased: how a name is compared with the register's. */
export function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB');
}

/** True when first + last name is the register's name, ignoring case and extra spaces. */
export function namesMatch(first: string, last: string, registerName: string): boolean {
  return normaliseName(`${first} ${last}`) === normaliseName(registerName);
}

/**
 * NPI check digit: Luhn over "80840" followed by the first nine digits (the card-issuer prefix of the NPI standard).
 * True when the tenth digit is that check digit.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Doubling starts with the rightmost digit of the payload (the check digit is not in it).
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(npi[9]);
}

export const membershipMessages: Record<Regulator, string> = {
  gmc: 'A GMC reference number is 7 digits, like 7000001.',
  gdc: 'A GDC registration number is up to 6 digits, like 70001.',
  npi: 'An NPI is 10 digits, like 1234567893.',
};
export const NPI_CHECK_DIGIT_MESSAGE = 'That NPI is not valid: its last digit does not match the others. Check the number and try again.';

/** Null when the (trimmed) number has the register's shape; else the sentence saying what is wrong. */
export function membershipNumberProblem(regulator: Regulator, raw: string): string | null {
  const n = raw.trim();
  if (regulator === 'gmc') return /^\d{7}$/.test(n) ? null : membershipMessages.gmc;
  if (regulator === 'gdc') return /^\d{1,6}$/.test(n) ? null : membershipMessages.gdc;
  if (!/^\d{10}$/.test(n)) return membershipMessages.npi;
  return isValidNpi(n) ? null : NPI_CHECK_DIGIT_MESSAGE;
}

/** What a register lookup answers for a known number (the SPEC's field names). */
export const registerLookupResponseSchema = z.object({ Name: z.string(), registration_number: z.string() });
export type RegisterLookupResponse = z.infer<typeof registerLookupResponseSchema>;

/** UK Companies House number (8 characters: digits, or two letters and six digits) or US EIN (9 digits). */
export function companyNumberProblem(region: 'uk' | 'usa', raw: string): string | null {
  const n = raw.trim().toUpperCase().replace(/-/g, '');
  if (region === 'uk') {
    return /^[A-Z0-9]{8}$/.test(n) ? null : 'A Companies House number is 8 characters, like 01234567 or SC123456.';
  }
  return /^\d{9}$/.test(n) ? null : 'An EIN is 9 digits, like 12-3456789.';
}
export function normaliseCompanyNumber(raw: string): string {
  return raw.trim().toUpperCase().replace(/[-\s]/g, '');
}

const feeSchema = (label: string) =>
  z
    .string({ error: `Enter the ${label} as an amount like 45 or 45.50.` })
    .max(12, profileMessages.fee)
    .refine((v) => parseAmountText(v) !== null, `Enter the ${label} as an amount like 45 or 45.50.`);

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(min, `Enter ${label}.`)
    .max(max, `Keep ${label} under ${max} characters.`);

export const providerRegisterRequestSchema = z
  .object({
    first_name: personNameSchema('first name'),
    last_name: personNameSchema('last name'),
    email: emailSchema,
    password: newPasswordSchema,
    phone_number: phoneNumberSchema,
    region: searchRegionSchema,
    regulator: z.enum(REGULATORS, { error: "Choose your register: 'gmc' or 'gdc' in the UK, 'npi' in the USA." }),
    membership_number: z
      .string({ error: 'Enter your registration number.' })
      .trim()
      .min(1, 'Enter your registration number.')
      .max(20, 'That registration number is too long.'),
    speciality: z
      .string({ error: 'Choose your speciality.' })
      .trim()
      .min(1, 'Choose your speciality.')
      .max(80, 'Choose your speciality from the list.'),
    qualifications: z
      .array(z.string().trim().min(1, 'A qualification cannot be empty.').max(60, 'Keep each qualification under 60 characters.'), {
        error: 'Send the qualifications as a list, like ["MBBS", "MRCGP"].',
      })
      .max(12, 'At most 12 qualifications.')
      .default([]),
    hospital: z.object(
      {
        name: text('the name of your main clinic or hospital', 2, 120),
        address: text('the street address', 3, 200),
        city: text('the town or city', 2, 80),
        postcode: z
          .string({ error: 'Enter the postcode or ZIP code.' })
          .trim()
          .min(3, 'Enter the postcode or ZIP code.')
          .max(16, "We couldn't find that postcode"),
      },
      { error: 'Enter your main clinic or hospital: name, address, city and postcode.' },
    ),
    amount: feeSchema('first-visit fee'),
    follow_amount: feeSchema('follow-up fee'),
    consultation_minutes: z.coerce
      .number({ error: 'The consultation length must be a number of minutes.' })
      .int('The consultation length must be whole minutes.')
      .min(CONSULTATION_MINUTES_RANGE.min, `A consultation lasts at least ${CONSULTATION_MINUTES_RANGE.min} minutes.`)
      .max(CONSULTATION_MINUTES_RANGE.max, `A consultation lasts at most ${CONSULTATION_MINUTES_RANGE.max} minutes.`),
    company: z
      .object({
        name: z.string().trim().max(160, 'Keep the company name under 160 characters.').optional().default(''),
        registration_number: z
          .string({ error: 'Enter the company number.' })
          .trim()
          .min(1, 'Enter the company number.')
          .max(20, 'That company number is too long.'),
      })
      .optional()
      .nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.password.trim().toLowerCase() === v.email.trim().toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Your password must not be your e-mail address.' });
    }
    // The practice's phone number is one of its region's (E.164 by now).
    if (!v.phone_number.startsWith(v.region === 'uk' ? '+44' : '+1')) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone_number'],
        message: v.region === 'uk' ? 'Enter a UK phone number, like 07911 123456.' : 'Enter a US phone number, like (201) 555-0123.',
      });
    }
    const allowed = REGULATORS_BY_REGION[v.region] as readonly Regulator[];
    if (!allowed.includes(v.regulator)) {
      ctx.addIssue({
        code: 'custom',
        path: ['regulator'],
        message: v.region === 'uk' ? "In the UK choose 'gmc' (doctors) or 'gdc' (dentists)." : "In the USA choose 'npi'.",
      });
    } else {
      const problem = membershipNumberProblem(v.regulator, v.membership_number);
      if (problem) ctx.addIssue({ code: 'custom', path: ['membership_number'], message: problem });
    }
    if (v.company) {
      const problem = companyNumberProblem(v.region, v.company.registration_number);
      if (problem) ctx.addIssue({ code: 'custom', path: ['company', 'registration_number'], message: problem });
    }
  });
export type ProviderRegisterRequest = z.input<typeof providerRegisterRequestSchema>;
export type ProviderRegisterInput = z.output<typeof providerRegisterRequestSchema>;

export const providerRegisterResponseSchema = z.object({
  status: z.literal(true),
  /** Lets /provider-verify ask for a new verification e-mail, as the patients' registration token does. */
  auth_token: z.string(),
  provider_id: z.string(),
  hospital_id: z.string(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  message: z.string(),
});
export type ProviderRegisterResponse = z.infer<typeof providerRegisterResponseSchema>;

/** Where a registration stands: read by /provider-verify and /company-verify. */
export const onboardingStatusSchema = z.object({
  status: z.literal(true),
  provider_id: z.string(),
  first_name: z.string(),
  email_verified: z.boolean(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  /** The register check in plain words. */
  verification_reason: z.string(),
  company: z.object({ name: z.string(), registration_number: z.string(), verification_status: z.enum(VERIFICATION_STATUSES) }).nullable(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;
export const onboardingStatusRequestSchema = z.object({ auth_token: z.string().min(1).max(200) });
