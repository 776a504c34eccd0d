import type { FastifyBaseLogger } from 'fastify';
import type { Regulator } from '@careslot/contracts/provider-registration';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import { enqueueMail } from '../mail/mail.service';
import { checkMembership, type Registers } from '../registers/registers.service';
import { registrationConfirmedMail, registrationLapsedMail } from './registration.mail';
import { insertVerificationReview, providersDueForRecheck, recordRegisterCheck } from './providers.repository';

export interface RecheckDeps {
  db: Db;
  registers: Registers;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
  kickOutbox(): void;
}

const DAY_MS = 86_400_000;

export interface RecheckResult {
  checked: number;
  lapsed: number;
  /** Pending providers the register now vouches for, made Verified. */
  verified: number;
  unavailable: number;
}

/**
 * The daily re-check (docs/providers-onboarding.md, decision 032): every Verified or pending provider whose last check
 * is a day old is looked up again. Pending means Unverified because the register could not be asked (at registration
 * or since). A Verified one the register no longer vouches for becomes Unverified (out of search at once, by the
 * triggers), gets a row in the staff queue and an e-mail. A pending one the register vouches for becomes Verified (in
 * search at once) and is told; one it turns down stays Unverified with the register's answer as evidence, for staff. A
 * register that cannot be asked changes no verdict: the provider is tried again the next day.
 */
export async function recheckRegistrations(deps: RecheckDeps, now: Date = new Date()): Promise<RecheckResult> {
  const result: RecheckResult = { checked: 0, lapsed: 0, verified: 0, unavailable: 0 };
  const before = new Date(now.getTime() - DAY_MS + 60_000);
  const origin = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '');
  for (;;) {
    const batch = await providersDueForRecheck(deps.db, before, 100);
    if (batch.length === 0) break;
    for (const p of batch) {
      const check = await checkMembership(deps.registers, { ...p, regulator: p.regulator as Regulator }, now);
      result.checked++;
      const evidence = { verification_reason: check.reason, register_evidence: check.evidence, checked_at: now };
      if (check.evidence.outcome === 'unavailable') {
        // Keep the verdict; look again tomorrow.
        result.unavailable++;
        await recordRegisterCheck(deps.db, p.id, evidence);
        continue;
      }
      if (p.verification_status !== 'Verified') {
        if (check.status !== 'Verified') {
          // Pending no longer: the register answered no, so staff decide, with its answer beside the provider.
          await recordRegisterCheck(deps.db, p.id, { ...evidence, verification_reason: `Daily re-check: ${check.reason}` });
          continue;
        }
        result.verified++;
        await deps.db.transaction(async (tx) => {
          await recordRegisterCheck(tx, p.id, { ...evidence, verification_status: 'Verified' });
          if (p.email) await enqueueMail(tx, registrationConfirmedMail(p.email, p.first_name, check.reason, `${origin}/provider-verify`));
        });
        continue;
      }
      if (check.status === 'Verified') {
        await recordRegisterCheck(deps.db, p.id, evidence);
        continue;
      }
      result.lapsed++;
      const reason = `Daily re-check: ${check.reason}`;
      await deps.db.transaction(async (tx) => {
        await recordRegisterCheck(tx, p.id, { ...evidence, verification_status: 'Unverified', verification_reason: reason });
        await insertVerificationReview(tx, p.id, reason);
        if (p.email) await enqueueMail(tx, registrationLapsedMail(p.email, p.first_name, check.reason, `${origin}/provider-verify`));
      });
    }
  }
  if (result.lapsed || result.verified) deps.kickOutbox();
  return result;
}

/** Runs the re-check when the process starts and every hour after; each provider is looked at once a day. */
export class RegisterRecheckWorker extends PollingWorker {
  constructor(
    private readonly deps: RecheckDeps,
    log: FastifyBaseLogger,
  ) {
    super(log, 3_600_000, 'register re-check');
  }

  protected async processDue(): Promise<number> {
    const r = await recheckRegistrations(this.deps);
    return r.checked;
  }
}
