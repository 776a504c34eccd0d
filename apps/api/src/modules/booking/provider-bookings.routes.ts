import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentParamsSchema,
  cancellationParamsSchema,
  cancellationRequestSchema,
  cancellationResponseSchema,
  historyMessages,
  historyQuerySchema,
  historyResponseSchema,
  noShowRequestSchema,
  noShowResponseSchema,
} from '@careslot/contracts/appointments';
import { providerParamsSchema, providerRegionQuerySchema } from '@careslot/contracts/availability';
import { dashboardResponseSchema } from '@careslot/contracts/provider-workspace';
import { callerOf, requireProviderSelf, requireSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { ownProvider } from '../providers/providers.service';
import type { BookingDeps } from './booking.types';
import { BookingLifecycleWorker } from './booking-lifecycle';
import { cancelBooking } from './cancel-booking';
import { providerDashboard } from './provider-dashboard';
import { bookedHistory, markNoShow } from './provider-history';

const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const tags = ['provider workspace'];

/** The provider's booked history, cancellation and no-show (docs/provider-workspace.md, "Booked History"). */
export const providerBookingsRoutes: FastifyPluginAsyncZod<{
  deps: BookingDeps;
  onLifecycle(worker: BookingLifecycleWorker): void;
}> = async (app, { deps, onLifecycle }) => {
  const lifecycle = new BookingLifecycleWorker(deps.db, app.log);
  onLifecycle(lifecycle);
  app.addHook('onReady', async () => {
    if (app.config.OUTBOX_WORKER) lifecycle.start();
  });
  app.addHook('onClose', async () => {
    await lifecycle.stop();
  });

  app.get(
    '/provider/provider-booked-appointment-history/:providerId/',
    {
      schema: {
        tags,
        security,
        summary: 'Your booked appointments, 5 a page, with filters',
        description:
          "The signed-in provider's own only (403 otherwise). sort desc (Latest to Oldest, default) or asc; payment_method stripe or paypal; " +
          "month 01–12 with year; year 1000–9999. 400 'Please enter a year' for a month without a year, 'Please enter a valid year' outside " +
          "1000–9999. Rows carry date (DD/MM/YYYY) and start_time ('h:mm AM/PM'), which the cancellation call takes back. An empty parameter means absent.",
        params: providerParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      requireProviderSelf(req, req.params.providerId);
      await ownProvider(deps.db, req.params.providerId, req.query.ProviderRegion);
      return bookedHistory(deps.db, req.params.providerId, req.query);
    },
  );

  app.put(
    '/user/user-or-provider-appointment-cancellation/:userId/:providerId/',
    {
      schema: {
        tags: ['booking', ...tags],
        security,
        summary: 'Cancel a booked appointment, as its provider (refunded in full) or its patient (under the cut-off policy)',
        description:
          "userId is the appointment's patient, providerId its provider. date and start_time as the history rows and the patient's " +
          "appointment list give them. A provider (cancelling_person 'provider') cancels their own: 'Cancelled by Doctor', the slot " +
          "withdrawn, a full refund queued and the patient e-mailed. A patient (cancelling_person 'patient', userId their own) cancels " +
          "theirs: 'Cancelled by Patient', the slot open again, a full refund queued only before the provider's cut-off (default 24 h " +
          "before the start), one e-mail to the patient stating the refund and one to the provider. expected_refund ('refund' or " +
          "'no_refund') is what the patient's screen showed; 409 when the terms changed since. 409 for a past appointment or one the " +
          "provider cancelled; the patient's repeat answers the first call's outcome and refunds and e-mails nothing more.",
        params: cancellationParamsSchema,
        body: cancellationRequestSchema,
        response: { 200: cancellationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const request = {
        patientId: req.params.userId,
        providerId: req.params.providerId,
        region: req.body.providerRegion,
        date: req.body.date,
        startTime: req.body.start_time,
        reason: req.body.cancellation_reason ?? null,
      };
      if (caller.type === 'patient') {
        // Cancelling as the provider (full refund, slot withdrawn) is the provider's alone.
        if (req.body.cancelling_person !== 'patient') throw new ForbiddenError(historyMessages.onlyOwnProvider);
        requireSelf(req, req.params.userId);
        const data = await cancelBooking(
          deps,
          { kind: 'patient', patientId: caller.id, expectedRefund: req.body.expected_refund },
          request,
        );
        return { status: true as const, data };
      }
      if (caller.type !== 'provider') throw new ForbiddenError(historyMessages.onlyOwnProvider);
      if (req.body.cancelling_person !== 'provider') {
        throw new ValidationError("A provider cancels with cancelling_person 'provider'.", { cancelling_person: "Use 'provider'." });
      }
      requireProviderSelf(req, req.params.providerId);
      await ownProvider(deps.db, req.params.providerId, req.body.providerRegion);
      const data = await cancelBooking(deps, { kind: 'provider', providerId: caller.id }, request);
      return { status: true as const, data };
    },
  );

  app.patch(
    '/provider/provider-booked-appointment-history/:providerId/:appointmentId/',
    {
      schema: {
        tags,
        security,
        summary: "Mark a booked appointment 'No Show' (from its start until 48 hours after)",
        description: "The signed-in provider's own appointments only. 409 before the start, after 48 hours, or for one not booked.",
        params: appointmentParamsSchema,
        body: noShowRequestSchema,
        response: { 200: noShowResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      requireProviderSelf(req, req.params.providerId);
      await ownProvider(deps.db, req.params.providerId, req.body.providerRegion);
      return { status: true as const, data: await markNoShow(deps.db, req.params.providerId, req.params.appointmentId) };
    },
  );

  app.get(
    '/provider/dashboard/:providerId/',
    {
      schema: {
        tags,
        security,
        summary: "Your dashboard: today's and the next appointments, this week, this month's earnings, the next free slot",
        description:
          "The signed-in provider's own only (403 otherwise). Days, weeks (Monday to Sunday) and months are the main clinic's. " +
          '`setup` counts clinics, availability rules and bank accounts, for the first steps of a new provider.',
        params: providerParamsSchema,
        querystring: providerRegionQuerySchema,
        response: { 200: dashboardResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      requireProviderSelf(req, req.params.providerId);
      const provider = await ownProvider(deps.db, req.params.providerId, req.query.providerRegion);
      return {
        status: true as const,
        data: await providerDashboard(deps.db, {
          id: provider.id,
          region: provider.region,
          verification_status: provider.verification_status,
        }),
      };
    },
  );
};
