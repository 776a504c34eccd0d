import type { Regulator } from '@careslot/contracts/provider-registration';

/** What one register lookup found (docs/providers-onboarding.md, "Registers"). */
export type LookupOutcome =
  /** The register knows the number and vouches for it (for the NPI: an active record). */
  | { kind: 'found'; Name: string; registration_number: string; answer: unknown }
  /** The register does not know the number, or its record is not active. */
  | { kind: 'unknown'; reason: string; answer?: unknown }
  /** The register could not be asked (time-out, 5xx, unreadable answer): nothing is known. */
  | { kind: 'unavailable'; reason: string };

/** One professional register, like a payment gateway: the sandbox table, the NPI Registry or a licensed service. */
export interface ProfessionalRegister {
  /** Where the answer came from, kept with the evidence ('sandbox', 'npi-registry', 'gmc-service', …). */
  readonly source: string;
  lookup(regulator: Regulator, number: string): Promise<LookupOutcome>;
}

/** The register that answers for each regulator. */
export type Registers = Record<Regulator, ProfessionalRegister>;
