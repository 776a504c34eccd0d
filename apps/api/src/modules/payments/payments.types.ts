/**
 * What booking knows of payments: a narrow port (start a checkout, ask what became of a payment, read a checkout
 * session, wake the refunds) and the events payments hands back to booking's one settle path (decision 011).
 */

export type GatewayName = 'sandbox' | 'stripe' | 'paypal';
export type Currency = 'GBP' | 'USD';

/** A verified notification from a gateway (webhook, or the sandbox's own in-process delivery). */
export interface GatewayEvent {
  gateway: GatewayName;
  eventId: string;
  type: 'checkout.completed' | 'checkout.expired' | 'order.approved' | 'capture.completed' | 'capture.refunded' | 'other';
  externalId: string | null;
  metadata?: Record<string, string>;
}

/**
 * Booking's side of an event: finds the payment the event is about and settles it. Answers false when no payment
 * matches (payments then logs it). Injected by app.ts, so payments never imports booking.
 */
export type PaymentEventHandler = (event: GatewayEvent) => Promise<boolean>;

/** The payment record fields payments needs to ask a gateway about it. */
export interface PaymentRef {
  id: string;
  gateway: string;
  payment_method: string;
  external_id: string;
}

/** What a gateway says became of a payment. */
export type GatewayOutcome =
  | { kind: 'paid'; captureId: string | null; email: string | null; amountMinor: number; currency: string }
  | { kind: 'failed'; releaseHold: boolean }
  | { kind: 'pending' };

export interface StartCardCheckoutInput {
  amountMinor: number;
  currency: Currency;
  /** Line shown to the payer, e.g. "Appointment with Dr Ada Lovelace, 3rd March 2027 9:00 AM". */
  description: string;
  customerEmail: string;
  /** Our payment id: keys the gateway's idempotency and comes back in its events. */
  paymentId: string;
  bookingId: string;
  expiresAt: Date;
  /** Where a redirect-based payment method comes back to; contains {CHECKOUT_SESSION_ID}. */
  returnUrl: string;
}

export interface StartWalletOrderInput {
  amountMinor: number;
  currency: Currency;
  description: string;
  paymentId: string;
}

export interface PaymentsPort {
  /** Gateways taking card (value stripe) and wallet (value paypal) payments now. */
  readonly cardGateway: 'sandbox' | 'stripe';
  readonly walletGateway: 'sandbox' | 'paypal';
  /** Public settings for the web app: which gateways, and their public keys. */
  publicConfig(): {
    card: { gateway: 'sandbox' | 'stripe'; publishableKey: string | null };
    wallet: { gateway: 'sandbox' | 'paypal'; clientId: string | null };
  };
  startCardCheckout(input: StartCardCheckoutInput): Promise<{ id: string; clientSecret: string }>;
  startWalletOrder(input: StartWalletOrderInput): Promise<{ id: string }>;
  /**
   * Asks the payment's gateway what became of it, capturing an approved wallet order. A gateway that refuses the
   * question (4xx) leaves it pending; one that cannot be reached throws PaymentGatewayError.
   */
  outcomeOf(payment: PaymentRef): Promise<GatewayOutcome>;
  /** A card checkout session as its gateway reports it. */
  checkoutSession(gateway: string, sessionId: string): Promise<{ status: 'open' | 'complete' | 'expired'; customerEmail: string | null }>;
  /** A refund was decided (REFUND_PENDING written): wake the refund worker. */
  refundsDue(): void;
}
