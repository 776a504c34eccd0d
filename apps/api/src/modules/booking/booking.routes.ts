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
import {
  linkBookingResponseSchema,
  linkCancelRequestSchema,
  linkQuerySchema,
  rescheduleParamsSchema,
  rescheduleRequestSchema,
  rescheduleResponseSchema,
  waitlistEntryParamsSchema,
  waitlistEntryResponseSchema,
  waitlistJoinSchema,
  waitlistListResponseSchema,
  waitlistParamsSchema,
} from '@careslot/contracts/after-booking';
import { cancellationResponseSchema } from '@careslot/contracts/appointments';
import { callerOf, requirePatient, requireSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import type { NewSlotsHandler } from '../availability/availability.types';
import type { PaymentEventHandler } from '../payments/payments.types';
import type { BookingDeps, PatientAppointmentsPort } from './booking.types';
import { cancelForPatient, holdSlotForPatient, rescheduleForPatient } from './patient-appointments';
import type { BookingLifecycleWorker } from './booking-lifecycle';
import { verifyBookingLink } from './booking-link';
import { linkedBooking } from './booking-link-view';
import { cancelLinkedBooking } from './cancel-booking';
import { checkCode } from './check-code';
import { PaymentReconciler, RECONCILE_AFTER_MS } from './payment-reconciler';
import { PAYMENT_HOLD_MINUTES } from './hold-slot';
import { checkoutSessionStatus, paymentStatus, verifyPayment } from './payment-status';
import { providerBookingsRoutes } from './provider-bookings.routes';
import { ReminderWorker } from './reminder.worker';
import { requestCode } from './request-code';
import { rescheduleBooking } from './reschedule-booking';
import { settlePaymentEvent } from './settle-payment';
import { startCardCheckout, startWalletCheckout } from './start-checkout';
import { joinWaitlist, leaveWaitlist, listWaitlist, notifyWaitlistOfNewSlots } from './waitlist';

declare module 'fastify' {
  interface FastifyInstance {
    /** Booking's entry points that app.ts wires to other modules (and tests call). */
    booking: {
      settlePaymentEvent: PaymentEventHandler;
      advanceStatuses(): Promise<number>;
      sendDueReminders(): Promise<number>;
      reconcilePayments(olderThanMs?: number): Promise<number>;
      /** New open slots of a provider (from availability, inside its transaction): the waitlist is told. */
      newSlotsOpened: NewSlotsHandler;
    } & PatientAppointmentsPort;
  }
}

const errors = errorResponses(400, 401, 403, 404, 409, 429, 502);
const userParams = z.object({ userId: z.string().uuid('must be a user id') });
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  // The worker needs the deps and the deps wake the worker: it is made right after them.
  const workers: { reminders?: ReminderWorker } = {};
  const deps: BookingDeps = {
    db: app.db,
    config: app.config,
    payments: app.payments,
    log: app.log,
    kickOutbox: () => {
      app.outbox.kick();
      app.texts.kick();
    },
    kickReminders: () => {
      if (app.config.OUTBOX_WORKER) workers.reminders?.kick();
    },
  };
  const reminders = (workers.reminders = new ReminderWorker(deps, app.log));
  app.addHook('onReady', async () => {
    if (app.config.OUTBOX_WORKER) reminders.start();
  });
  app.addHook('onClose', async () => {
    await reminders.stop();
  });
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
    sendDueReminders: () => reminders.drain(),
    reconcilePayments: (olderThanMs = RECONCILE_AFTER_MS) => reconciler.reconcile(olderThanMs),
    // Still inside the provider's transaction: the outbox worker's next poll (1 s) delivers after it commits.
    newSlotsOpened: async (tx, providerId, slotIds) => {
      await notifyWaitlistOfNewSlots(tx, deps, providerId, slotIds);
    },
    holdSlotForPatient: (patientId, slotId) => holdSlotForPatient(deps, patientId, slotId),
    cancelForPatient: (patientId, bookingId, reason) => cancelForPatient(deps, patientId, bookingId, reason),
    rescheduleForPatient: (patientId, bookingId, toSlotId) => rescheduleForPatient(deps, patientId, bookingId, toSlotId),
  });
  await app.register(providerBookingsRoutes, { deps, onLifecycle: (worker) => (lifecycle = worker) });

  app.get(
    '/user/appointment-link/',
    {
      onRequest: limit(app, { name: 'appointment-link', max: 60, timeWindow: '15 minutes', key: (req) => req.ip }),
      schema: {
        tags: ['booking'],
        summary: "An e-mail's cancel link: the booking it is for and the cancellation terms that apply now",
        description:
          'No sign-in: the signed token is the permission, for this booking and this purpose only, until the appointment starts ' +
          '(403 with a sentence for a tampered, foreign or expired link).',
        querystring: linkQuerySchema,
        response: { 200: linkBookingResponseSchema, ...errors },
      },
    },
    async (req) => ({ status: true as const, data: await linkedBooking(deps, req.query.token) }),
  );

  app.put(
    '/user/appointment-link/cancel/',
    {
      onRequest: limit(app, { name: 'appointment-link-cancel', max: 20, timeWindow: '15 minutes', key: (req) => req.ip }),
      schema: {
        tags: ['booking'],
        summary: "Cancel the booking an e-mail's cancel link is for, as its patient (same rules as the cancellation call)",
        description:
          "expected_refund is what the link's page showed ('refund' or 'no_refund'); 409 when the terms changed since. A repeat answers the first outcome.",
        body: linkCancelRequestSchema,
        response: { 200: cancellationResponseSchema, ...errors },
      },
    },
    async (req) => {
      const bookingId = verifyBookingLink(deps.config, 'cancel', req.body.token);
      const data = await cancelLinkedBooking(deps, bookingId, {
        reason: req.body.cancellation_reason ?? null,
        expectedRefund: req.body.expected_refund,
      });
      return { status: true as const, data };
    },
  );

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
    '/user/waitlist/:userId/',
    {
      onRequest: perCaller('waitlist', 30),
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: "Join a provider's waitlist for a range of days (YYYY-MM-DD, at most 90 days)",
        description:
          'When a time of that provider in the range frees up (a patient cancels or moves), everyone waiting is e-mailed in the order they ' +
          'joined, with a link to book it; the first to complete checkout gets it. Booking with the provider leaves the waitlist. ' +
          '409 when already waiting for the same days.',
        security,
        params: waitlistParamsSchema,
        body: waitlistJoinSchema,
        response: { 201: waitlistEntryResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.userId);
      const data = await joinWaitlist(deps.db, req.params.userId, req.body);
      return reply.code(201).send({ status: true as const, data });
    },
  );

  app.get(
    '/user/waitlist/:userId/',
    {
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: 'Your waitlist entries whose days have not passed, oldest first',
        security,
        params: waitlistParamsSchema,
        response: { 200: waitlistListResponseSchema, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      return { status: true as const, data: await listWaitlist(deps.db, req.params.userId) };
    },
  );

  app.delete(
    '/user/waitlist/:userId/:entryId/',
    {
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: 'Leave a waitlist',
        security,
        params: waitlistEntryParamsSchema,
        response: { 200: z.object({ status: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      await leaveWaitlist(deps.db, req.params.userId, req.params.entryId);
      return { status: true as const };
    },
  );

  app.post(
    '/user/reschedule-appointment/:userId/:providerId/',
    {
      onRequest: perCaller('reschedule', 20),
      preHandler: requirePatient,
      schema: {
        tags: ['booking'],
        summary: 'Move your booked appointment to another free time of the same provider, keeping the payment',
        description:
          'date and start_time name the booked appointment as the appointment list gives them; new_date and new_start_time a free time ' +
          "of the same provider (DD/MM/YYYY, 'h:mm AM/PM' in the clinic's zone). One transaction moves the booking and frees the old time; " +
          "the patient gets the updated calendar invitation (same UID, next SEQUENCE) and the provider is told. 409 'Oops! This slot is " +
          "already booked.' when the target is taken (the booking stays where it was), 409 after the provider's cancellation cut-off.",
        security,
        params: rescheduleParamsSchema,
        body: rescheduleRequestSchema,
        response: { 200: rescheduleResponseSchema, ...errors },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      const data = await rescheduleBooking(deps, {
        patientId: req.params.userId,
        providerId: req.params.providerId,
        region: req.body.providerRegion,
        date: req.body.date,
        startTime: req.body.start_time,
        newDate: req.body.new_date,
        newStartTime: req.body.new_start_time,
      });
      return { status: true as const, data };
    },
  );

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
