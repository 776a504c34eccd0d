import { namesMatch, REGULATOR_NAMES, type Regulator, type VerificationStatus } from '@careslot/contracts/provider-registration';
import type { LookupOutcome, Registers } from './registers.types';

// ---- What other modules use (provider registration, the daily re-check) ----
export { createRegisters } from './registers';
export { loadSandboxEntries, SANDBOX_ENTRIES } from './sandbox.register';
export type { LookupOutcome, ProfessionalRegister, Registers } from './registers.types';

/** The verdict of one register check and its evidence, kept with the provider (docs/providers-onboarding.md). */
export interface MembershipCheck {
  status: VerificationStatus;
  /** In plain words, for the provider and for staff. */
  reason: string;
  evidence: { source: string; regulator: Regulator; number: string; checked_at: string; outcome: LookupOutcome['kind']; answer?: unknown };
}

/**
 * Verified when the register knows the trimmed number and its name equals first + last name (whitespace collapsed,
 * case ignored); otherwise Unverified with the reason. A register that cannot be asked leaves the provider Unverified
 * and never throws.
 */
export async function checkMembership(
  registers: Registers,
  input: { regulator: Regulator; membership_number: string; first_name: string; last_name: string },
  now: Date = new Date(),
): Promise<MembershipCheck> {
  const number = input.membership_number.trim();
  const register = registers[input.regulator];
  let outcome: LookupOutcome;
  try {
    outcome = await register.lookup(input.regulator, number);
  } catch {
    outcome = { kind: 'unavailable', reason: 'The register could not be asked.' };
  }
  const body = REGULATOR_NAMES[input.regulator];
  const evidence = {
    source: register.source,
    regulator: input.regulator,
    number,
    checked_at: now.toISOString(),
    outcome: outcome.kind,
    ...(outcome.kind === 'unavailable' ? { answer: { reason: outcome.reason } } : { answer: outcome.answer }),
  };
  if (outcome.kind === 'unavailable') {
    return {
      status: 'Unverified',
      reason: `We could not check the ${body} register just now: ${outcome.reason} Our team will check your registration.`,
      evidence,
    };
  }
  if (outcome.kind === 'unknown') {
    return {
      status: 'Unverified',
      reason: `Not confirmed by the ${body} register: ${outcome.reason} Check the number you gave; our team will check your registration.`,
      evidence,
    };
  }
  if (outcome.registration_number.trim() !== number) {
    return {
      status: 'Unverified',
      reason: `The ${body} register answered for a different number. Our team will check your registration.`,
      evidence,
    };
  }
  if (!namesMatch(input.first_name, input.last_name, outcome.Name)) {
    return {
      status: 'Unverified',
      reason: `The ${body} register lists number ${number} under another name than the one you gave. Our team will check your registration.`,
      evidence,
    };
  }
  return { status: 'Verified', reason: `The ${body} register confirms number ${number} in your name.`, evidence };
}

/** A lookup for the verification calls: the register's answer, or a plain reason. */
export async function lookupNumber(registers: Registers, regulator: Regulator, number: string): Promise<LookupOutcome> {
  try {
    return await registers[regulator].lookup(regulator, number);
  } catch {
    return { kind: 'unavailable', reason: 'The register could not be asked.' };
  }
}
