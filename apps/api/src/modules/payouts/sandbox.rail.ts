import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sandboxPayouts } from '../../db/schema/ledger';
import type { PayoutRail, RailPayout, RailPayoutState } from './payouts.types';

/**
 * The test account numbers the sandbox rail fails (docs/payouts.md): the bank answers that the account does not exist,
 * so the failed-payout path (money back to available, the provider's e-mail, a retry after a new account) can be seen.
 */
export const SANDBOX_FAILING_ACCOUNTS = ['00000000', '000111111116'] as const;
export const SANDBOX_FAILURE_REASON = 'The bank could not find this account (sandbox test account).';

/**
 * The built-in payout rail: records each payout in `sandbox_payouts` once per idempotency key, keeps it in transit for
 * `delayMs`, then answers paid, or failed for a test account. No money moves.
 */
export class SandboxPayoutRail implements PayoutRail {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Queryable,
    private readonly delayMs: number,
  ) {}

  async send(p: Parameters<PayoutRail['send']>[0]): Promise<RailPayout> {
    const id = `po_sandbox_${createHash('sha256').update(p.idempotencyKey).digest('hex').slice(0, 24)}`;
    const failing = (SANDBOX_FAILING_ACCOUNTS as readonly string[]).includes(p.destination.accountNumber);
    await this.db
      .insert(sandboxPayouts)
      .values({
        id,
        idempotency_key: p.idempotencyKey,
        amount_minor: p.amountMinor,
        currency: p.currency,
        outcome: failing ? 'failed' : 'paid',
        failure_reason: failing ? SANDBOX_FAILURE_REASON : null,
        settles_at: new Date(p.now.getTime() + this.delayMs),
      })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.idempotency_key, p.idempotencyKey));
    return { railPayoutId: row!.id, arrivalDate: row!.settles_at.toISOString().slice(0, 10) };
  }

  async state(railPayoutId: string, now: Date): Promise<RailPayoutState> {
    const [row] = await this.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, railPayoutId));
    if (!row) return { status: 'failed', reason: 'The payout rail has no record of this payout.' };
    if (row.settles_at > now) return { status: 'in_transit' };
    return row.outcome === 'failed'
      ? { status: 'failed', reason: row.failure_reason ?? 'The bank returned the payout.' }
      : { status: 'paid' };
  }
}
