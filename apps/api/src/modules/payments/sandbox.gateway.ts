import { createHash, randomBytes } from 'node:crypto';
import { SANDBOX_CARDS } from '@careslot/contracts/booking';
import type { Db } from '../../db/client';
import {
  GatewayError,
  type CardGateway,
  type CheckoutSessionInput,
  type CheckoutSessionState,
  type RefundInput,
  type WalletGateway,
  type WalletOrderInput,
  type WalletOrderState,
  type WalletOrderStatus,
} from './gateway';
import {
  findSandboxPayment,
  insertSandboxPayment,
  recordSandboxRefund,
  transitionSandboxPayment,
  type SandboxKind,
  type SandboxRow as Row,
} from './sandbox.repository';

/** Same idempotency key → same id, so a retried create returns the first object. */
const idFor = (prefix: string, key: string) => `${prefix}${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

function sessionState(row: Row, now = new Date()): CheckoutSessionState {
  const expiresAt = row.metadata.expires_at ? new Date(row.metadata.expires_at) : null;
  const status = row.status === 'open' && expiresAt && expiresAt <= now ? 'expired' : (row.status as CheckoutSessionState['status']);
  return {
    id: row.id,
    status,
    paid: row.status === 'complete',
    customerEmail: row.customer_email,
    amountMinor: row.amount_minor,
    currency: row.currency,
    captureId: row.status === 'complete' ? (row.metadata.payment_intent ?? null) : null,
    metadata: row.metadata,
  };
}

function orderState(row: Row): WalletOrderState {
  return {
    id: row.id,
    status: row.status as WalletOrderStatus,
    amountMinor: row.amount_minor,
    currency: row.currency,
    captureId: row.metadata.capture_id ?? null,
    payerEmail: row.customer_email,
  };
}

/**
 * The built-in offline gateway. It keeps its state in `sandbox_payments` and behaves like the real
 * providers: Stripe-shaped checkout sessions (client secret `{session_id}_secret_{random}`) paid
 * with test cards, PayPal-shaped orders approved or cancelled in a sandbox wallet window, refunds.
 */
export class SandboxGateway implements CardGateway, WalletGateway {
  readonly name = 'sandbox' as const;
  constructor(private readonly db: Db) {}

  private async find(id: string, kind: SandboxKind): Promise<Row> {
    const row = await findSandboxPayment(this.db, id, kind);
    if (!row) throw new GatewayError(kind === 'order' ? 'No such order.' : 'No such checkout session.', 404);
    return row;
  }

  async createCheckoutSession(input: CheckoutSessionInput) {
    const id = idFor('cs_sandbox_', input.idempotencyKey);
    await insertSandboxPayment(this.db, {
      id,
      kind: 'checkout_session',
      status: 'open',
      amount_minor: input.amountMinor,
      currency: input.currency,
      client_secret: `${id}_secret_${randomBytes(12).toString('base64url')}`,
      customer_email: input.customerEmail,
      metadata: { ...input.metadata, description: input.description, expires_at: input.expiresAt.toISOString() },
    });
    const row = await this.find(id, 'checkout_session');
    return { id, clientSecret: row.client_secret! };
  }

  async retrieveCheckoutSession(id: string) {
    return sessionState(await this.find(id, 'checkout_session'));
  }

  /** The embedded card form's submission. Returns the new state, or throws a card error. */
  async payCheckoutSession(id: string, cardNumber: string): Promise<CheckoutSessionState> {
    const row = await this.find(id, 'checkout_session');
    const state = sessionState(row);
    if (state.status === 'complete') return state;
    if (state.status === 'expired') throw new GatewayError('This checkout session has expired. Please start again.', 409);
    const outcome = cardOutcome(cardNumber);
    if (outcome !== 'success') throw new GatewayError(outcome, 402);
    const updated = await transitionSandboxPayment(this.db, id, 'open', {
      status: 'complete',
      metadata: { payment_intent: `pi_sandbox_${randomBytes(12).toString('hex')}` },
    });
    return sessionState(updated ?? (await this.find(id, 'checkout_session')));
  }

  async createOrder(input: WalletOrderInput) {
    const id = idFor('SANDBOX-', input.idempotencyKey).toUpperCase();
    await insertSandboxPayment(this.db, {
      id,
      kind: 'order',
      status: 'CREATED',
      amount_minor: input.amountMinor,
      currency: input.currency,
      metadata: { custom_id: input.customId, description: input.description },
    });
    return { id };
  }

  async getOrder(id: string) {
    return orderState(await this.find(id, 'order'));
  }

  /** The sandbox wallet window: the payer approves (or cancels) the order. */
  async decideOrder(id: string, decision: 'approve' | 'cancel', payerEmail?: string): Promise<WalletOrderState> {
    const row = await this.find(id, 'order');
    if (row.status !== 'CREATED') {
      if ((decision === 'approve' && row.status === 'APPROVED') || (decision === 'cancel' && row.status === 'CANCELLED'))
        return orderState(row);
      throw new GatewayError(`This order is already ${row.status.toLowerCase()}.`, 409);
    }
    const updated = await transitionSandboxPayment(this.db, id, 'CREATED', {
      status: decision === 'approve' ? 'APPROVED' : 'CANCELLED',
      customer_email: payerEmail ?? row.customer_email,
    });
    return orderState(updated ?? (await this.find(id, 'order')));
  }

  async captureOrder(id: string, _idempotencyKey: string) {
    const row = await this.find(id, 'order');
    if (row.status === 'COMPLETED') return orderState(row);
    if (row.status !== 'APPROVED') throw new GatewayError('The order has not been approved by the payer.', 422);
    const updated = await transitionSandboxPayment(this.db, id, 'APPROVED', {
      status: 'COMPLETED',
      metadata: { capture_id: `CAPTURE-${randomBytes(8).toString('hex').toUpperCase()}` },
    });
    return orderState(updated ?? (await this.find(id, 'order')));
  }

  async refund(input: RefundInput) {
    const payment = await findSandboxPayment(this.db, input.externalId);
    if (!payment) throw new GatewayError('No such payment to refund.', 404);
    const refundId = idFor('re_sandbox_', input.idempotencyKey);
    if (payment.metadata.refund_id === refundId) return { refundId };
    const paid = payment.status === 'complete' || payment.status === 'COMPLETED';
    if (!paid) throw new GatewayError('Only a completed payment can be refunded.', 409);
    if (payment.refunded_minor + input.amountMinor > payment.amount_minor) throw new GatewayError('Refund exceeds the amount paid.', 409);
    await recordSandboxRefund(this.db, input.externalId, input.amountMinor, refundId);
    return { refundId };
  }
}

/** Luhn check of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** Stripe's test cards: 4242… succeeds, 4000…0002 is declined, 4000…9995 has insufficient funds. */
export function cardOutcome(cardNumber: string): 'success' | string {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === SANDBOX_CARDS.success) return 'success';
  if (digits === SANDBOX_CARDS.declined) return 'Your card was declined.';
  if (digits === SANDBOX_CARDS.insufficientFunds) return 'Your card has insufficient funds.';
  return 'Your card was declined. In the sandbox, pay with the test card 4242 4242 4242 4242.';
}
