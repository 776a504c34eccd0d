import Stripe from 'stripe';
import { GatewayError, type CardGateway, type CheckoutSessionInput, type CheckoutSessionState, type RefundInput } from './gateway';
import type { GatewayEvent } from './payments.types';

export interface StripeOptions {
  secretKey: string;
  webhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 (tests against a local fake Stripe). Unset: api.stripe.com. */
  apiUrl?: string;
}

/** Stripe wants a session to live at least 30 minutes. */
const MIN_SESSION_SECONDS = 30 * 60 + 60;

function toGatewayError(err: unknown): GatewayError {
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode && err.statusCode < 500 ? (err.type === 'StripeCardError' ? 402 : 502) : 502;
    return new GatewayError(err.type === 'StripeCardError' ? err.message : 'The card payment service did not accept the request.', status);
  }
  return new GatewayError('The card payment service is unreachable. Please try again.', 502);
}

/** Card payments through Stripe Checkout (embedded), with the official SDK. */
export class StripeGateway implements CardGateway {
  readonly name = 'stripe' as const;
  readonly client: Stripe;

  constructor(private readonly opts: StripeOptions) {
    const url = opts.apiUrl ? new URL(opts.apiUrl) : null;
    this.client = new Stripe(opts.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(url
        ? {
            host: url.hostname,
            port: url.port || (url.protocol === 'https:' ? 443 : 80),
            protocol: url.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async createCheckoutSession(input: CheckoutSessionInput) {
    const expiresAt = Math.max(Math.floor(input.expiresAt.getTime() / 1000), Math.floor(Date.now() / 1000) + MIN_SESSION_SECONDS);
    try {
      const session = await this.client.checkout.sessions.create(
        {
          mode: 'payment',
          ui_mode: 'embedded_page',
          redirect_on_completion: 'if_required',
          return_url: input.returnUrl,
          expires_at: expiresAt,
          customer_email: input.customerEmail ?? undefined,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
                product_data: { name: input.description },
              },
            },
          ],
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.client_secret) throw new GatewayError('Stripe returned no client secret.', 502);
      return { id: session.id, clientSecret: session.client_secret };
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      throw toGatewayError(err);
    }
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionState> {
    try {
      const s = await this.client.checkout.sessions.retrieve(id);
      const status: CheckoutSessionState['status'] = s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open';
      return {
        id: s.id,
        status,
        paid: s.payment_status === 'paid',
        customerEmail: s.customer_details?.email ?? s.customer_email ?? null,
        amountMinor: s.amount_total ?? 0,
        currency: (s.currency ?? '').toUpperCase(),
        captureId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
        metadata: (s.metadata ?? {}) as Record<string, string>,
      };
    } catch (err) {
      throw toGatewayError(err);
    }
  }

  async refund(input: RefundInput) {
    if (!input.captureId) throw new GatewayError('No payment intent to refund.', 409);
    try {
      const refund = await this.client.refunds.create(
        { payment_intent: input.captureId, amount: input.amountMinor, reason: 'requested_by_customer' },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id };
    } catch (err) {
      throw toGatewayError(err);
    }
  }

  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent {
    if (!this.opts.webhookSecret) throw new GatewayError('Stripe webhooks are not configured.', 503);
    if (!signature) throw new GatewayError('Missing Stripe-Signature header.', 400);
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(rawBody, signature, this.opts.webhookSecret);
    } catch {
      throw new GatewayError('Invalid Stripe signature.', 400);
    }
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      const s = event.data.object as Stripe.Checkout.Session;
      return {
        gateway: 'stripe',
        eventId: event.id,
        type: 'checkout.completed',
        externalId: s.id,
        metadata: (s.metadata ?? {}) as Record<string, string>,
      };
    }
    if (event.type === 'checkout.session.expired') {
      const s = event.data.object as Stripe.Checkout.Session;
      return {
        gateway: 'stripe',
        eventId: event.id,
        type: 'checkout.expired',
        externalId: s.id,
        metadata: (s.metadata ?? {}) as Record<string, string>,
      };
    }
    return { gateway: 'stripe', eventId: event.id, type: 'other', externalId: null };
  }
}
