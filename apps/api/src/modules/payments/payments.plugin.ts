import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPaymentGateways, type PaymentGateways } from './gateways';
import { createPaymentsPort } from './payments-port';
import type { GatewayEvent, PaymentEventHandler, PaymentsPort } from './payments.types';
import { receivePaymentEvent } from './receive-event';
import { RefundWorker } from './refund.worker';
import { sandboxRoutes } from './sandbox.routes';
import { webhooksRoutes } from './webhooks.routes';

/** The port booking uses, plus what the payments routes and tests reach: the gateways and event delivery. */
export interface Payments extends PaymentsPort {
  gateways: PaymentGateways;
  receiveEvent(event: GatewayEvent): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
    refunds: RefundWorker;
  }
}

export interface PaymentsPluginOptions {
  /** Booking's settle path (decision 011): called for every new verified gateway event. */
  onPaymentEvent: PaymentEventHandler;
}

/**
 * Payments as their own plugin: the gateways chosen from the config (sandbox, Stripe, PayPal), the refund worker,
 * the sandbox gateway's endpoints and the signed webhooks. Booking gets `app.payments` as its narrow port; events
 * go back to booking through the injected `onPaymentEvent`.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, opts: PaymentsPluginOptions) => {
    const gateways = createPaymentGateways(app.config, app.db);
    const refunds = new RefundWorker(app.db, gateways, app.log, Math.max(5_000, app.config.OUTBOX_POLL_MS * 5));
    const receiveEvent = (event: GatewayEvent) => receivePaymentEvent({ db: app.db, log: app.log, settle: opts.onPaymentEvent }, event);
    const port = createPaymentsPort({ gateways, config: app.config, log: app.log, kickRefunds: () => refunds.kick() });
    app.decorate('payments', { ...port, gateways, receiveEvent });
    app.decorate('refunds', refunds);
    app.addHook('onReady', async () => {
      if (app.config.OUTBOX_WORKER) refunds.start();
    });
    app.addHook('onClose', async () => {
      await refunds.stop();
    });

    await app.register(sandboxRoutes, { gateways, receive: receiveEvent });
    await app.register(webhooksRoutes, { gateways, receive: receiveEvent });
  },
  { name: 'payments' },
);
