import { currencyForRegion } from '@careslot/contracts/money';
import { parseAmountText } from '@careslot/contracts/provider-workspace';
import {
  normaliseCompanyNumber,
  REGULATOR_NAMES,
  type OnboardingStatus,
  type ProviderRegisterInput,
  type VerificationStatus,
} from '@careslot/contracts/provider-registration';
import type { Db, Queryable } from '../../db/client';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { issueEmailVerification, isUniqueViolation } from '../auth/auth.service';
import type { Geocoder } from '../geo/geo.service';
import { checkMembership, type Registers } from '../registers/registers.service';
import { zoneAt } from './provider-profile';
import {
  findCompanyByNumber,
  findHospital,
  findOrInsertCompany,
  findSpecialityId,
  insertHospital,
  insertProvider,
  linkHospital,
  loadOnboardingRow,
  providerEmailTaken,
} from './providers.repository';

/** What joining needs, built once by the registration routes. */
export interface RegistrationDeps {
  db: Db;
  registers: Registers;
  geocoder: Pick<Geocoder, 'locate'>;
  /** Wakes the outbox worker after a transaction that queued mail. */
  kickOutbox(): void;
}

export const DUPLICATE_PROVIDER_EMAIL =
  'A provider account with this e-mail address already exists. Sign in as a provider, or reset your password if you have forgotten it.';

const fieldError = (field: string, message: string) => new ValidationError(`${field.replace(/_/g, ' ')}: ${message}`, { [field]: message });

export interface Registered {
  auth_token: string;
  provider_id: string;
  hospital_id: string;
  verification_status: VerificationStatus;
}

/**
 * A provider joins (docs/providers-onboarding.md, "Registration"): every check that can refuse runs first (speciality,
 * e-mail, clinic address, company), then the register is asked (never failing the registration), then provider,
 * clinic, company, the clinic link and the verification e-mail are written in one transaction: a failure leaves
 * nothing behind. Search rows follow from the verification status (database triggers).
 */
export async function registerProvider(deps: RegistrationDeps, input: ProviderRegisterInput, origin: string): Promise<Registered> {
  const { db } = deps;
  const specialityId = await findSpecialityId(db, input.region, input.speciality);
  if (specialityId === null) throw fieldError('speciality', 'Choose your speciality from the list for your region.');
  if (await providerEmailTaken(db, input.email)) throw new ConflictError(DUPLICATE_PROVIDER_EMAIL);
  let place;
  try {
    place = await deps.geocoder.locate(input.hospital.postcode, input.region);
  } catch (err) {
    if (err instanceof ValidationError) {
      throw fieldError('hospital.postcode', "We couldn't place your clinic's address: check the postcode or ZIP code.");
    }
    throw err;
  }
  let company: { name: string; registration_number: string } | null = null;
  if (input.company) {
    const number = normaliseCompanyNumber(input.company.registration_number);
    const existing = await findCompanyByNumber(db, input.region, number);
    if (!existing && !input.company.name) {
      throw fieldError('company.name', 'No company with this number is registered yet: enter its legal name to register it.');
    }
    company = { name: existing?.name ?? input.company.name, registration_number: number };
  }
  const membershipNumber = input.membership_number.trim();
  const check = await checkMembership(deps.registers, { ...input, membership_number: membershipNumber });
  const passwordHash = await hashPassword(input.password);
  try {
    const result = await db.transaction(async (tx) => {
      const companyRow = company ? await findOrInsertCompany(tx, { region: input.region, ...company }) : null;
      const hospitalName = input.hospital.name.trim();
      const hospital =
        (await findHospital(tx, input.region, hospitalName, place.postcode)) ??
        (await insertHospital(tx, {
          region: input.region,
          name: hospitalName,
          address: input.hospital.address,
          city: input.hospital.city,
          postcode: place.postcode,
          latitude: place.latitude,
          longitude: place.longitude,
          time_zone: zoneAt(input.region, place.latitude, place.longitude),
        }));
      const providerId = await insertProvider(tx, {
        region: input.region,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        password_hash: passwordHash,
        phone_number: input.phone_number,
        regulator: input.regulator,
        professional_body_name: REGULATOR_NAMES[input.regulator],
        membership_number: membershipNumber,
        verification_status: check.status,
        verification_reason: check.reason,
        register_evidence: check.evidence,
        verification_checked_at: new Date(check.evidence.checked_at),
        speciality_id: specialityId,
        qualifications: [...new Set(input.qualifications)],
        amount_minor: parseAmountText(input.amount)!,
        follow_amount_minor: parseAmountText(input.follow_amount)!,
        currency: currencyForRegion(input.region),
        consultation_minutes: input.consultation_minutes,
        company_id: companyRow?.id ?? null,
        email_verified: false,
      });
      await linkHospital(tx, providerId, hospital.id, 0);
      const authToken = await issueEmailVerification(
        tx,
        { type: 'provider', id: providerId, email: input.email, first_name: input.first_name },
        origin,
      );
      return { auth_token: authToken, provider_id: providerId, hospital_id: hospital.id, verification_status: check.status };
    });
    deps.kickOutbox();
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(DUPLICATE_PROVIDER_EMAIL);
    throw err;
  }
}

/** Where a registration stands, for /provider-verify and /company-verify. */
export async function onboardingStatus(db: Queryable, providerId: string): Promise<OnboardingStatus> {
  const row = await loadOnboardingRow(db, providerId);
  if (!row) throw new NotFoundError('We could not find that provider account.');
  const verified = row.verification_status === 'Verified';
  return {
    status: true,
    provider_id: row.id,
    first_name: row.first_name,
    email_verified: row.email_verified,
    verification_status: verified ? 'Verified' : 'Unverified',
    verification_reason:
      row.verification_reason ?? (verified ? 'Your registration is confirmed.' : 'Our team has not checked your registration yet.'),
    company: row.company_name
      ? {
          name: row.company_name,
          registration_number: row.company_number ?? '',
          verification_status: row.company_status === 'Verified' ? 'Verified' : 'Unverified',
        }
      : null,
  };
}

export const ONBOARDING_LINK_MESSAGE =
  'This page works for a day after registering. Sign in as a provider to see where your registration stands.';
export const onboardingLinkError = () => new AppError(401, ONBOARDING_LINK_MESSAGE, 'LINK_EXPIRED');
