import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SANDBOX_WALLET_DECISIONS,
  sandboxCardPaymentResponseSchema,
  sandboxCardSchema,
  sandboxWalletDecisionResponseSchema,
  sandboxWalletOrderSchema,
  type SandboxCard,
} from '@careslot/contracts/booking';
import { ValidationError } from '../../lib/errors';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { asAppError } from './gateway';
import type { PaymentGateways } from './gateways';
import type { GatewayEvent } from './payments.types';
import { passesLuhn } from './sandbox.gateway';

export interface SandboxRoutesOptions {
  gateways: PaymentGateways;
  /** Delivers the sandbox's own "checkout completed" event, as a webhook would. */
  receive(event: GatewayEvent): Promise<void>;
}

/** Validates a sandbox card the way Stripe's form does before it is charged. */
function checkCard(body: SandboxCard): string {
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
 * The built-in sandbox gateway's own endpoints: its embedded card form and its wallet window. Each exists only while
 * the sandbox takes that kind of payment.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, opts) => {
  const { gateways } = opts;
  const sandbox = gateways.sandbox;
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
          response: { 200: sandboxCardPaymentResponseSchema, ...errorResponses(400, 402, 404, 409) },
        },
      },
      async (req) => {
        const digits = checkCard(req.body);
        const state = await sandbox.payCheckoutSession(req.params.id, digits).catch(asAppError);
        await opts
          .receive({
            gateway: 'sandbox',
            eventId: `evt_sandbox_${randomBytes(12).toString('hex')}`,
            type: 'checkout.completed',
            externalId: state.id,
            metadata: state.metadata,
          })
          .catch((err) => req.log.error({ err }, 'sandbox event delivery failed; status polling will settle it'));
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
          response: { 200: sandboxWalletOrderSchema, ...errorResponses(404) },
        },
      },
      async (req) => {
        const order = await sandbox.getOrder(req.params.id).catch(asAppError);
        return { id: order.id, status: order.status, amount: order.amountMinor, currency: order.currency };
      },
    );

    for (const decision of SANDBOX_WALLET_DECISIONS) {
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
            response: { 200: sandboxWalletDecisionResponseSchema, ...errorResponses(404, 409) },
          },
        },
        async (req) => {
          const order = await sandbox.decideOrder(req.params.id, decision, req.body?.payer_email).catch(asAppError);
          return { id: order.id, status: order.status };
        },
      );
    }
  }
};
