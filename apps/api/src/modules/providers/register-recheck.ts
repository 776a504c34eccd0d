import type { FastifyBaseLogger } from 'fastify';
import type { Regulator } from '@careslot/contracts/provider-registration';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import { enqueueMail } from '../mail/mail.service';
import { checkMembership, type Registers } from '../registers/registers.service';
import { registrationLapsedMail } from './registration.mail';
import { insertVerificationReview, recordRegisterCheck, verifiedProvidersDue } from './providers.repository';

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
  unavailable: number;
}

/**
 * The daily re-check (docs/providers-onboarding.md): every Verified provider whose last check is a day old is looked
 * up again. One the register no longer vouches for becomes Unverified (out of search at once, by the triggers), gets a
 * row in the staff queue and an e-mail. A register that cannot be asked changes nothing: the provider is tried again
 * the next day.
 */
export async function recheckVerifiedProviders(deps: RecheckDeps, now: Date = new Date()): Promise<RecheckResult> {
  const result: RecheckResult = { checked: 0, lapsed: 0, unavailable: 0 };
  const before = new Date(now.getTime() - DAY_MS + 60_000);
  for (;;) {
    const batch = await verifiedProvidersDue(deps.db, before, 100);
    if (batch.length === 0) break;
    for (const p of batch) {
      const check = await checkMembership(deps.registers, { ...p, regulator: p.regulator as Regulator }, now);
      result.checked++;
      if (check.status === 'Verified') {
        await recordRegisterCheck(deps.db, p.id, { verification_reason: check.reason, register_evidence: check.evidence, checked_at: now });
        continue;
      }
      if (check.evidence.outcome === 'unavailable') {
        // Keep the verdict; look again tomorrow.
        result.unavailable++;
        await recordRegisterCheck(deps.db, p.id, { verification_reason: check.reason, register_evidence: check.evidence, checked_at: now });
        continue;
      }
      result.lapsed++;
      const reason = `Daily re-check: ${check.reason}`;
      await deps.db.transaction(async (tx) => {
        await recordRegisterCheck(tx, p.id, {
          verification_status: 'Unverified',
          verification_reason: reason,
          register_evidence: check.evidence,
          checked_at: now,
        });
        await insertVerificationReview(tx, p.id, reason);
        if (p.email) {
          const origin = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '');
          await enqueueMail(tx, registrationLapsedMail(p.email, p.first_name, check.reason, `${origin}/provider-verify`));
        }
      });
    }
  }
  if (result.lapsed) deps.kickOutbox();
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
    const r = await recheckVerifiedProviders(this.deps);
    return r.checked;
  }
}
