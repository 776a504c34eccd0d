import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentConfigSchema, sandboxCardSchema } from '@careslot/contracts/booking';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { GatewayError, type GatewayEventHandler } from './gateway';
import type { PaymentGateways } from './payments';
import { passesLuhn } from './sandbox.gateway';

export interface PaymentsRoutesOptions {
  gateways: PaymentGateways;
  onEvent: GatewayEventHandler;
  holdMinutes: number;
}

/** Gateway errors reach people as 4xx with the gateway's words (a card decline is a 402, not a 500). */
function asAppError(err: unknown): never {
  if (err instanceof GatewayError) {
    const code = err.statusCode === 402 ? 'CARD_DECLINED' : err.statusCode === 404 ? 'NOT_FOUND' : 'PAYMENT_GATEWAY';
    throw new AppError(err.statusCode, err.message, code);
  }
  throw err;
}

/** Validates a sandbox card the way Stripe's form does before it is charged. */
function checkCard(body: z.infer<typeof sandboxCardSchema>): string {
  const digits = body.card_number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    throw new ValidationError('Your card number is invalid.', { card_number: 'Your card number is invalid.' });
  }
  const now = new Date();
  const year = body.exp_year < 100 ? 2000 + body.exp_year : body.exp_year;
  if (body.exp_month < 1 || body.exp_month > 12) {
    throw new ValidationError("Your card's expiration month is invalid.", { exp_month: "Your card's expiration month is invalid." });
  }
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && body.exp_month < now.getUTCMonth() + 1)) {
    throw new ValidationError("Your card's expiration date is in the past.", { exp_year: "Your card's expiration date is in the past." });
  }
  if (!/^\d{3,4}$/.test(body.cvc)) {
    throw new ValidationError("Your card's security code is invalid.", { cvc: "Your card's security code is invalid." });
  }
  return digits;
}

/**
 * Payment plumbing: the public gateway configuration, the built-in sandbox gateway's own endpoints
 * (its embedded card form and its wallet window), and the signed webhooks of Stripe and PayPal.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, opts) => {
  const { gateways, onEvent } = opts;
  const sandbox = gateways.sandbox;

  app.get(
    '/api/payment-config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which gateways take card and wallet payments, with their public keys',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => ({
      card: { gateway: gateways.card.name, publishableKey: gateways.stripe ? (app.config.STRIPE_PUBLISHABLE_KEY ?? null) : null },
      wallet: { gateway: gateways.wallet.name, clientId: gateways.paypal ? (app.config.PAYPAL_CLIENT_ID ?? null) : null },
      holdMinutes: opts.holdMinutes,
    }),
  );

  // Sandbox gateway -----------------------------------------------------------------------------
  const sandboxLimit = limit(app, { name: 'sandbox-pay', max: 30, timeWindow: '1 minute' });
  const idParams = z.object({ id: z.string().min(1).max(100) });

  // The sandbox card form exists only while the sandbox takes card payments.
  if (gateways.card === sandbox) {
    app.post(
      '/sandbox/stripe/checkout-sessions/:id/pay',
      {
        onRequest: sandboxLimit,
        schema: {
          tags: ['sandbox'],
          summary: 'Pay a sandbox checkout session with a test card (the sandbox embedded card form)',
          description:
            '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 is declined for insufficient funds. ' +
            'Any future expiry and any 3-digit CVC. On success the sandbox delivers checkout.session.completed at once.',
          params: idParams,
          body: sandboxCardSchema,
          response: {
            200: z.object({ id: z.string(), status: z.enum(['open', 'complete', 'expired']), payment_status: z.enum(['paid', 'unpaid']) }),
            ...errorResponses(400, 402, 404, 409),
          },
        },
      },
      async (req) => {
        const digits = checkCard(req.body);
        const state = await sandbox.payCheckoutSession(req.params.id, digits).catch(asAppError);
        await onEvent({
          gateway: 'sandbox',
          eventId: `evt_sandbox_${randomBytes(12).toString('hex')}`,
          type: 'checkout.completed',
          externalId: state.id,
          metadata: state.metadata,
        }).catch((err) => req.log.error({ err }, 'sandbox event delivery failed; status polling will settle it'));
        return { id: state.id, status: state.status, payment_status: state.paid ? ('paid' as const) : ('unpaid' as const) };
      },
    );
  }

  // The sandbox wallet window exists only while the sandbox takes wallet payments.
  if (gateways.wallet === sandbox) {
    app.get(
      '/sandbox/paypal/orders/:id',
      {
        schema: {
          tags: ['sandbox'],
          summary: 'A sandbox wallet order as the wallet window shows it',
          params: idParams,
          response: {
            200: z.object({ id: z.string(), status: z.string(), amount: z.number().int(), currency: z.string() }),
            ...errorResponses(404),
          },
        },
      },
      async (req) => {
        const order = await sandbox.getOrder(req.params.id).catch(asAppError);
        return { id: order.id, status: order.status, amount: order.amountMinor, currency: order.currency };
      },
    );

    for (const decision of ['approve', 'cancel'] as const) {
      app.post(
        `/sandbox/paypal/orders/:id/${decision}`,
        {
          onRequest: sandboxLimit,
          schema: {
            tags: ['sandbox'],
            summary:
              decision === 'approve'
                ? 'Approve a sandbox wallet order (the payer pressed Pay in the sandbox wallet window)'
                : 'Cancel a sandbox wallet order (the payer closed the sandbox wallet window)',
            params: idParams,
            body: z.object({ payer_email: z.email().optional() }).nullish(),
            response: { 200: z.object({ id: z.string(), status: z.string() }), ...errorResponses(404, 409) },
          },
        },
        async (req) => {
          const order = await sandbox.decideOrder(req.params.id, decision, req.body?.payer_email).catch(asAppError);
          return { id: order.id, status: order.status };
        },
      );
    }
  }

  // Webhooks (raw body for signature checks) ----------------------------------------------------
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const webhookResponse = { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 404, 503) };

    hooks.post(
      '/webhooks/stripe',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Stripe events (checkout.session.completed, checkout.session.expired), verified by the Stripe-Signature header',
          response: webhookResponse,
        },
      },
      async (req) => {
        if (!gateways.stripe) throw new NotFoundError('Stripe is not configured.');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(String(req.body ?? ''));
        const event = (() => {
          try {
            return gateways.stripe!.verifyWebhook(raw, req.headers['stripe-signature'] as string | undefined);
          } catch (err) {
            return asAppError(err);
          }
        })();
        await onEvent(event);
        return { received: true as const };
      },
    );

    hooks.post(
      '/webhooks/paypal',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'PayPal events (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED), verified through PayPal',
          response: webhookResponse,
        },
      },
      async (req) => {
        if (!gateways.paypal) throw new NotFoundError('PayPal is not configured.');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(String(req.body ?? ''));
        const event = await gateways.paypal.verifyWebhook(req.headers, raw).catch(asAppError);
        await onEvent(event);
        return { received: true as const };
      },
    );
  });
};
