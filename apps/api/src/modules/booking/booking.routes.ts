import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentConfigSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  otpCheckQuerySchema,
  otpCheckResponseSchema,
  otpRequestResponseSchema,
  otpRequestSchema,
  paymentStatusResponseSchema,
  sessionStatusResponseSchema,
  verifyPaymentResponseSchema,
  verifyPaymentSchema,
  walletOrderResponseSchema,
} from '@careslot/contracts/booking';
import { callerOf, requirePatient, requireSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import type { PaymentEventHandler } from '../payments/payments.types';
import type { BookingDeps } from './booking.types';
import type { BookingLifecycleWorker } from './booking-lifecycle';
import { checkCode } from './check-code';
import { PaymentReconciler, RECONCILE_AFTER_MS } from './payment-reconciler';
import { PAYMENT_HOLD_MINUTES } from './hold-slot';
import { checkoutSessionStatus, paymentStatus, verifyPayment } from './payment-status';
import { providerBookingsRoutes } from './provider-bookings.routes';
import { requestCode } from './request-code';
import { settlePaymentEvent } from './settle-payment';
import { startCardCheckout, startWalletCheckout } from './start-checkout';

declare module 'fastify' {
  interface FastifyInstance {
    /** Booking's entry points that app.ts wires to other modules (and tests call). */
    booking: {
      settlePaymentEvent: PaymentEventHandler;
      advanceStatuses(): Promise<number>;
      reconcilePayments(olderThanMs?: number): Promise<number>;
    };
  }
}

const errors = errorResponses(400, 401, 403, 404, 409, 429, 502);
const userParams = z.object({ userId: z.string().uuid('must be a user id') });
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: BookingDeps = { db: app.db, config: app.config, payments: app.payments, log: app.log, kickOutbox: () => app.outbox.kick() };
  let lifecycle: BookingLifecycleWorker | undefined;
  // Payments a crash left PENDING are settled at start and every minute (decision 053).
  const reconciler = new PaymentReconciler(deps, app.log);
  app.addHook('onReady', async () => {
    if (app.config.OUTBOX_WORKER) reconciler.start();
  });
  app.addHook('onClose', async () => {
    await reconciler.stop();
  });
  app.decorate('booking', {
    settlePaymentEvent: (event) => settlePaymentEvent(deps, event),
    advanceStatuses: () => lifecycle!.drain(),
    reconcilePayments: (olderThanMs = RECONCILE_AFTER_MS) => reconciler.reconcile(olderThanMs),
  });
  await app.register(providerBookingsRoutes, { deps, onLifecycle: (worker) => (lifecycle = worker) });

  app.get(
    '/api/payment-config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which gateways take card and wallet payments, with their public keys',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => ({ ...app.payments.publicConfig(), holdMinutes: PAYMENT_HOLD_MINUTES }),
  );

  // Counted per signed-in caller (the auth hook has run), never per the URL's user id: a stranger who
  // knows someone's id must not be able to spend their budget and lock them out of booking.
  const perCaller = (name: string, max: number, timeWindow = '15 minutes') =>
    limit(app, {
      name,
      max,
      timeWindow,
      key: (req) => req.caller?.id ?? req.ip,
      message: 'Too many attempts in a short time. Please wait a few minutes and try again.',
    });
  const checkoutLimit = perCaller('checkout', 20);
  // Each status call asks the payment gateway: bounded, generously above the checkout's polling (12 × 5 s).
  const statusLimit = perCaller('payment-status', 60, '1 minute');

  app.post(
    '/user/user-otp-verification/:userId/',
    {
      onRequest: perCaller('otp-send', 10),
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: 'Hold the slot and e-mail a 6-digit code bound to this booking attempt',
        description:
          'Starts the OTP step: the slot is held for this patient (others see it unavailable) and a code valid for 10 minutes is e-mailed. ' +
          'Asking again within 30 s re-uses the code already sent. 409 when the slot is taken.',
        security,
        params: userParams,
        body: otpRequestSchema,
        response: { 200: otpRequestResponseSchema, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      const { email, holdExpiresAt } = await requestCode(deps, req.params.userId, req.body);
      return { status: true as const, data: { email, holdExpiresAt: holdExpiresAt.toISOString() } };
    },
  );

  app.get(
    '/user/user-otp-verification/:userId/',
    {
      onRequest: perCaller('otp-check', 30),
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: 'Check the e-mailed code; status true when it is right',
        description: 'At most 5 wrong tries per code; a code expires after 10 minutes and is used up by the booking it confirms.',
        security,
        params: userParams,
        querystring: otpCheckQuerySchema,
        response: { 200: otpCheckResponseSchema, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      return checkCode(deps, req.params.userId, req.query.otp);
    },
  );

  app.post(
    '/user/stripe-checkout/:userId/',
    {
      onRequest: checkoutLimit,
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: 'Start a card payment: an embedded checkout session for the server-computed fee',
        description:
          'Needs a verified OTP for the same attempt. Holds the slot for 30 minutes. The amount is the provider fee for type_of_visit ' +
          '(first_visit → amount, follow_up → follow_amount) in GBP (uk) or USD (usa); the client never sends an amount.',
        security,
        params: userParams,
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      return startCardCheckout(deps, req.params.userId, req.body);
    },
  );

  app.post(
    '/user/paypal-order/:userId/',
    {
      onRequest: checkoutLimit,
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: 'Start a wallet payment: a wallet order for the server-computed fee',
        description:
          'Same rules as the card checkout; answers the wallet order id the PayPal buttons (or the sandbox wallet window) approve.',
        security,
        params: userParams,
        body: checkoutRequestSchema,
        response: { 200: walletOrderResponseSchema, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      return startWalletCheckout(deps, req.params.userId, req.body);
    },
  );

  app.post(
    '/user/verify-payment/',
    {
      onRequest: perCaller('verify-payment', 20),
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: 'After the payer approved: capture the payment and confirm the booking (idempotent)',
        description:
          'Body is the payment verification data the web app sends (docs/booking.md). Only orderID and user_id are used: the amount and the booking come from the server.',
        security,
        querystring: z.object({ providerRegion: z.enum(['uk', 'usa']).optional() }),
        body: verifyPaymentSchema,
        response: { 200: verifyPaymentResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      return { data: await verifyPayment(deps, caller.id, req.body.user_id, req.body.orderID) };
    },
  );

  app.get(
    '/user/check-payment-status/:orderId/',
    {
      onRequest: statusLimit,
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: 'Payment status of a wallet order or checkout session: PENDING, COMPLETED or FAILED',
        security,
        params: z.object({ orderId: z.string().min(1).max(200) }),
        response: { 200: paymentStatusResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: { status: await paymentStatus(deps, callerOf(req).id, req.params.orderId) } }),
  );

  app.get(
    '/user/stripe-checkout-session-status',
    {
      onRequest: statusLimit,
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: "Status of a card checkout session for /return: 'open', 'complete', 'expired' (or 'refunded' when the slot was lost)",
        security,
        querystring: z.object({ session_id: z.string().min(1).max(200) }),
        response: { 200: sessionStatusResponseSchema, ...errors },
      },
    },
    async (req) => checkoutSessionStatus(deps, callerOf(req).id, req.query.session_id),
  );
};

/** The booking calls of the checkout (docs/booking.md). Registered once in app.ts, after the payments plugin. */
export const bookingRoutes = fp(routes, { name: 'booking', dependencies: ['payments', 'mail'] });
