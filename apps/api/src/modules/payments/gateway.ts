import { AppError } from '../../lib/errors';
import type { Currency } from './payments.types';

/**
 * One interface in front of every payment provider. Card payments go through a CardGateway
 * (`sandbox` or `stripe`), wallet payments through a WalletGateway (`sandbox` or `paypal`).
 * Amounts are always minor units decided by the server.
 */

export interface CheckoutSessionInput {
  amountMinor: number;
  currency: Currency;
  /** Line shown to the payer, e.g. "Appointment with Dr Ada Lovelace, 3rd March 2027 9:00 AM". */
  description: string;
  customerEmail: string | null;
  /** Same key → same session (retries never create a second one). */
  idempotencyKey: string;
  expiresAt: Date;
  /** Where a redirect-based payment method comes back to; contains {CHECKOUT_SESSION_ID}. */
  returnUrl: string;
  metadata: Record<string, string>;
}

export interface CheckoutSessionState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  customerEmail: string | null;
  amountMinor: number;
  currency: string;
  /** What a refund needs (payment intent id for Stripe). */
  captureId: string | null;
  metadata: Record<string, string>;
}

export interface RefundInput {
  externalId: string;
  captureId: string | null;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
}

export interface CardGateway {
  readonly name: 'sandbox' | 'stripe';
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; clientSecret: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionState>;
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

export interface WalletOrderInput {
  amountMinor: number;
  currency: Currency;
  description: string;
  idempotencyKey: string;
  /** Our payment id, echoed back by the provider. */
  customId: string;
}

export type WalletOrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED' | 'CANCELLED' | 'DECLINED' | 'PENDING';

export interface WalletOrderState {
  id: string;
  status: WalletOrderStatus;
  amountMinor: number;
  currency: string;
  captureId: string | null;
  payerEmail: string | null;
}

export interface WalletGateway {
  readonly name: 'sandbox' | 'paypal';
  createOrder(input: WalletOrderInput): Promise<{ id: string }>;
  getOrder(id: string): Promise<WalletOrderState>;
  /** Captures an approved order; the key makes a retried capture a no-op. */
  captureOrder(id: string, idempotencyKey: string): Promise<WalletOrderState>;
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

/** A gateway said no (declined, unknown order…): a 4xx for the caller, never a 500. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly statusCode = 502,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** Gateway errors reach people as 4xx with the gateway's words (a card decline is a 402, not a 500). */
export function asAppError(err: unknown): never {
  if (err instanceof GatewayError) {
    const code = err.statusCode === 402 ? 'CARD_DECLINED' : err.statusCode === 404 ? 'NOT_FOUND' : 'PAYMENT_GATEWAY';
    throw new AppError(err.statusCode, err.message, code);
  }
  throw err;
}

/** Major-unit decimal string for providers that want one (PayPal): 4500 → "45.00". */
export function toDecimal(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** "45.00" → 4500. */
export function fromDecimal(value: string): number {
  return Math.round(Number.parseFloat(value) * 100);
}
