import type { Regulator } from '@careslot/contracts/provider-registration';
import type { Queryable } from '../../db/client';
import { findRegisterEntry, upsertRegisterEntries, type RegisterEntry } from './registers.repository';
import type { LookupOutcome, ProfessionalRegister } from './registers.types';
import shipped from './sandbox-register.json' with { type: 'json' };

/** The shipped test entries (sandbox-register.json), listed in docs/providers-onboarding.md and the OpenAPI document. */
export const SANDBOX_ENTRIES: RegisterEntry[] = shipped.entries;

/** Puts the test entries in the register table (start-up, sandbox mode); safe to run again. */
export async function loadSandboxEntries(q: Queryable): Promise<void> {
  await upsertRegisterEntries(q, SANDBOX_ENTRIES);
}

/** Offline register: the regulator_register table (test entries, seeded providers, an imported GMC list). */
export function sandboxRegister(q: Queryable, source = 'sandbox'): ProfessionalRegister {
  return {
    source,
    async lookup(regulator: Regulator, number: string): Promise<LookupOutcome> {
      const row = await findRegisterEntry(q, regulator, number);
      if (!row) return { kind: 'unknown', reason: 'The register has no entry with this number.' };
      return {
        kind: 'found',
        Name: row.name,
        registration_number: row.registration_number,
        answer: { Name: row.name, registration_number: row.registration_number },
      };
    },
  };
}
