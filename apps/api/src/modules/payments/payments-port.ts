import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { GatewayError } from './gateway';
import type { PaymentGateways } from './gateways';
import type { GatewayOutcome, PaymentRef, PaymentsPort } from './payments.types';
import { PaymentGatewayError } from './payments.service';

export interface PortDeps {
  gateways: PaymentGateways;
  config: Pick<Config, 'STRIPE_PUBLISHABLE_KEY' | 'PAYPAL_CLIENT_ID'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Wakes the refund worker. */
  kickRefunds(): void;
}

/** The one thing booking holds of payments: the narrow port of payments.types.ts over the configured gateways. */
export function createPaymentsPort({ gateways, config, log, kickRefunds }: PortDeps): PaymentsPort {
  return {
    cardGateway: gateways.card.name,
    walletGateway: gateways.wallet.name,
    publicConfig: () => ({
      card: { gateway: gateways.card.name, publishableKey: gateways.stripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null },
      wallet: { gateway: gateways.wallet.name, clientId: gateways.paypal ? (config.PAYPAL_CLIENT_ID ?? null) : null },
    }),
    startCardCheckout: (input) =>
      gateways.card.createCheckoutSession({
        amountMinor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        customerEmail: input.customerEmail,
        idempotencyKey: `checkout:${input.paymentId}`,
        expiresAt: input.expiresAt,
        returnUrl: input.returnUrl,
        metadata: { payment_id: input.paymentId, booking_id: input.bookingId },
      }),
    startWalletOrder: (input) =>
      gateways.wallet.createOrder({
        amountMinor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        idempotencyKey: `order:${input.paymentId}`,
        customId: input.paymentId,
      }),
    outcomeOf: (payment) => outcomeOf(gateways, log, payment),
    checkoutSession: async (gateway, sessionId) => {
      const session = await gateways.cardByName(gateway).retrieveCheckoutSession(sessionId);
      return { status: session.status, customerEmail: session.customerEmail };
    },
    refundsDue: kickRefunds,
  };
}

/** The gateway half of settling a payment: what the card session or wallet order says, capturing an approved order. */
async function outcomeOf(gateways: PaymentGateways, log: PortDeps['log'], payment: PaymentRef): Promise<GatewayOutcome> {
  try {
    if (payment.payment_method === 'paypal') {
      const wallet = gateways.walletByName(payment.gateway);
      let order = await wallet.getOrder(payment.external_id);
      if (order.status === 'APPROVED') order = await wallet.captureOrder(payment.external_id, `capture:${payment.id}`);
      if (order.status === 'COMPLETED') {
        return {
          kind: 'paid',
          captureId: order.captureId,
          email: order.payerEmail,
          amountMinor: order.amountMinor,
          currency: order.currency,
        };
      }
      if (order.status === 'CANCELLED' || order.status === 'DECLINED') return { kind: 'failed', releaseHold: false };
      return { kind: 'pending' };
    }
    const session = await gateways.cardByName(payment.gateway).retrieveCheckoutSession(payment.external_id);
    if (session.paid) {
      return {
        kind: 'paid',
        captureId: session.captureId,
        email: session.customerEmail,
        amountMinor: session.amountMinor,
        currency: session.currency,
      };
    }
    if (session.status === 'expired') return { kind: 'failed', releaseHold: true };
    return { kind: 'pending' };
  } catch (err) {
    if (err instanceof GatewayError && err.statusCode < 500) {
      log.warn({ paymentId: payment.id, err: err.message }, 'gateway refused a status check');
      return { kind: 'pending' };
    }
    throw new PaymentGatewayError();
  }
}
