import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { errorResponses } from '../../plugins/errors';
import { asAppError } from './gateway';
import type { PaymentGateways } from './gateways';
import type { GatewayEvent } from './payments.types';

export interface WebhooksRoutesOptions {
  gateways: PaymentGateways;
  receive(event: GatewayEvent): Promise<void>;
}

/** The signed webhooks of Stripe and PayPal (raw body, so the signature can be checked). */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (app, opts) => {
  const { gateways } = opts;
  // Registered as its own (encapsulated) plugin, so only these routes read JSON as a raw buffer.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const webhookResponse = { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 404, 503) };

  app.post(
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
      await opts.receive(event);
      return { received: true as const };
    },
  );

  app.post(
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
      await opts.receive(event);
      return { received: true as const };
    },
  );
};
