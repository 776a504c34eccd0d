import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addStaffUserRequestSchema,
  adminHomeResponseSchema,
  auditLogResponseSchema,
  auditQuerySchema,
  deleteStaffUserRequestSchema,
  galleryResponseSchema,
  galleryUploadResponseSchema,
  homepageColorRequestSchema,
  homepageIdParamSchema,
  homepageImageRequestSchema,
  paymentsHistoryQuerySchema,
  paymentsHistoryResponseSchema,
  providerEvidenceSchema,
  staffAccessResponseSchema,
  staffCompaniesQuerySchema,
  staffCompaniesResponseSchema,
  staffHomepageResponseSchema,
  staffLoginRequestSchema,
  staffMessageResponseSchema,
  staffProvidersQuerySchema,
  staffProvidersResponseSchema,
  staffUserResponseSchema,
  staffUsersResponseSchema,
  updateStaffRoleRequestSchema,
  verificationRequestSchema,
  verificationResponseSchema,
} from '@careslot/contracts/staff';
import { ValidationError } from '../../lib/errors';
import { readImageUpload, readImageUploadWithFields } from '../../lib/profile-image';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { endSessionByToken } from '../auth/auth.service';
import {
  payoutIdParamsSchema,
  payoutRetryResponseSchema,
  payoutRunResponseSchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
  staffPayoutsQuerySchema,
  staffPayoutsResponseSchema,
} from '@careslot/contracts/payouts';
import { dailyReconciliation, retryPayout, runPayoutsNow, staffPayouts } from '../payouts/payouts.service';
import { auditEntries, recordAudit } from './audit';
import { galleryImages, homepageForStaff, setHomepageColor, setHomepageImage, setHomepageModal, uploadGalleryImage } from './homepage';
import { adminHome, paymentsHistoryCsv, paymentsHistoryPage } from './reports';
import { can, staffGuard, staffOf } from './staff.permissions';
import { clearStaffRefreshCookie, setStaffRefreshCookie, staffLogin, staffRefresh, staffRefreshTokenFrom } from './staff-session';
import { addStaffUser, changeStaffRole, removeStaffUser, staffUsers } from './staff-users';
import type { StaffDeps } from './staff.types';
import { companiesForReview, providerEvidence, providersForReview, setCompanyVerification, setProviderVerification } from './verification';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid('That is not a valid id.') });
const LOGIN_WINDOW = '15 minutes';
const matrix = (row: string) => `Staff roles allowed: ${row} (docs/staff-admin.md, Roles). Others get 403, visitors 401.`;

/** The staff API under /staff/ (docs/staff-admin.md). Every route names one permission of the role matrix. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const c = app.config;
  const deps: StaffDeps = { db: app.db, config: c, tokens: app.tokens, log: app.log, kickOutbox: () => app.outbox.kick() };
  const guard = (permission: keyof typeof can) => staffGuard(app.db, can[permission]);
  app.decorateRequest('staff', null);
  const tooMany = 'Too many sign-in attempts. Please wait a while and try again.';

  // ---- sign-in and session ----

  app.post(
    '/staff/admin-login/',
    {
      onRequest: limit(app, { name: 'staff-login-ip', max: c.RATE_LIMIT_LOGIN_PER_IP, timeWindow: LOGIN_WINDOW, message: tooMany }),
      preHandler: limit(app, {
        name: 'staff-login-account',
        max: c.RATE_LIMIT_LOGIN_PER_ACCOUNT,
        timeWindow: LOGIN_WINDOW,
        key: (req: FastifyRequest) => (req.body as { email?: string } | undefined)?.email?.trim().toLowerCase(),
        message: tooMany,
      }),
      schema: {
        tags,
        summary: 'Staff sign-in: answers the access token; the refresh token is set as an httpOnly cookie for /staff/',
        description: 'A wrong password and an unknown e-mail get the same 401. Throttled per network and per account.',
        body: staffLoginRequestSchema,
        response: { 200: staffAccessResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (req, reply) => {
      const s = await staffLogin(deps, req.body.email, req.body.password, req.id);
      setStaffRefreshCookie(c, reply, s.refresh);
      return { access: s.access, role: s.role, email: s.email };
    },
  );

  app.post(
    '/staff/token/refresh/',
    {
      onRequest: limit(app, { name: 'staff-refresh-ip', max: c.RATE_LIMIT_LOGIN_PER_IP * 6, timeWindow: LOGIN_WINDOW }),
      schema: {
        tags,
        summary: 'A new staff access token for the refresh cookie (empty body); the cookie is rotated',
        description: 'A used refresh token presented again ends that sign-in everywhere. 401 clears the cookie.',
        body: z.object({}).loose().nullish(),
        response: { 200: staffAccessResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (req, reply) => {
      try {
        const s = await staffRefresh(deps, staffRefreshTokenFrom(req));
        setStaffRefreshCookie(c, reply, s.refresh);
        return { access: s.access, role: s.role, email: s.email };
      } catch (err) {
        clearStaffRefreshCookie(c, reply);
        throw err;
      }
    },
  );

  app.post(
    '/staff/logout/',
    {
      schema: {
        tags,
        summary: 'Ends this staff sign-in: revokes the refresh cookie and clears it',
        body: z.object({}).loose().nullish(),
        response: { 200: staffMessageResponseSchema },
      },
    },
    async (req, reply) => {
      const token = staffRefreshTokenFrom(req);
      if (token) await endSessionByToken(app.db, token, 'staff');
      clearStaffRefreshCookie(c, reply);
      return { status: true as const, message: 'You are signed out.' };
    },
  );

  // ---- admin home ----

  app.get(
    '/staff/admin-home/',
    {
      preHandler: guard('readAdminHome'),
      schema: {
        tags,
        security,
        summary:
          'Admin home figures: providers and companies awaiting review, bookings today, this month’s takings, refunds and failed payments',
        description: matrix('superuser, admin, editor, author'),
        response: { 200: adminHomeResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => adminHome(app.readDb(req), staffOf(req)),
  );

  // ---- providers and companies ----

  app.get(
    '/staff/providers/',
    {
      preHandler: guard('verifyProviders'),
      schema: {
        tags,
        security,
        summary: 'Providers by verification status (default Unverified), 5 a page; search by name, number or e-mail',
        description: matrix('superuser, admin'),
        querystring: staffProvidersQuerySchema,
        response: { 200: staffProvidersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => providersForReview(app.db, req.query),
  );

  app.get(
    '/staff/providers/:id/',
    {
      preHandler: guard('verifyProviders'),
      schema: {
        tags,
        security,
        summary: 'What the provider entered beside what the register answers for their number, with match or mismatch',
        description: matrix('superuser, admin'),
        params: idParams,
        response: { 200: providerEvidenceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => providerEvidence(app.db, app.registers, req.params.id),
  );

  app.patch(
    '/staff/membership-number-verification/:id/',
    {
      preHandler: guard('verifyProviders'),
      schema: {
        tags,
        security,
        summary: 'Verify or unverify a provider; the provider is e-mailed and search follows at once',
        description: `${matrix('superuser, admin')} Their existing bookings stay.`,
        params: idParams,
        body: verificationRequestSchema,
        response: { 200: verificationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => setProviderVerification(deps, staffOf(req), req.params.id, req.body.verification_status),
  );

  app.get(
    '/staff/companies/',
    {
      preHandler: guard('verifyProviders'),
      schema: {
        tags,
        security,
        summary: 'Companies by verification status (default Unverified), 5 a page',
        description: matrix('superuser, admin'),
        querystring: staffCompaniesQuerySchema,
        response: { 200: staffCompaniesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => companiesForReview(app.db, req.query),
  );

  app.patch(
    '/staff/company-verification/:id/',
    {
      preHandler: guard('verifyProviders'),
      schema: {
        tags,
        security,
        summary: 'Verify or unverify a company; its providers with an account are e-mailed',
        description: matrix('superuser, admin'),
        params: idParams,
        body: verificationRequestSchema,
        response: { 200: verificationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => setCompanyVerification(deps, staffOf(req), req.params.id, req.body.verification_status),
  );

  // ---- payments history ----

  app.get(
    '/staff/payments-history/',
    {
      preHandler: guard('readPayments'),
      schema: {
        tags,
        security,
        summary: 'Appointment History of every provider, 5 a page, filtered by payment method, month and year',
        description: `${matrix('superuser, admin')} A month needs a year ('Please enter a year'); years 1000–9999 ('Please enter a valid year').`,
        querystring: paymentsHistoryQuerySchema,
        response: { 200: paymentsHistoryResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => paymentsHistoryPage(app.readDb(req), req.query),
  );

  app.get(
    '/staff/payments-history/csv/',
    {
      preHandler: guard('readPayments'),
      schema: {
        tags,
        security,
        summary: 'The filtered Appointment History as a CSV download (every page)',
        description: matrix('superuser, admin'),
        querystring: paymentsHistoryQuerySchema.omit({ page: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const csv = await paymentsHistoryCsv(app.readDb(req), req.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="appointment-history-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // ---- super users ----

  const staffSummary = 'Staff users (super-user-management)';
  app.get(
    '/staff/super-user-management/',
    {
      preHandler: guard('manageStaff'),
      schema: {
        tags,
        security,
        summary: `${staffSummary}: the list`,
        description: matrix('superuser'),
        response: { 200: staffUsersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => staffUsers(app.db),
  );

  app.post(
    '/staff/super-user-management/',
    {
      preHandler: guard('manageStaff'),
      schema: {
        tags,
        security,
        summary: `${staffSummary}: add one (e-mail, role, password)`,
        description: `${matrix('superuser')} 409 when the e-mail is already a staff user.`,
        body: addStaffUserRequestSchema,
        response: { 201: staffUserResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await addStaffUser(deps, staffOf(req), req.body)),
  );

  app.patch(
    '/staff/super-user-management/',
    {
      preHandler: guard('manageStaff'),
      schema: {
        tags,
        security,
        summary: `${staffSummary}: change a role ({ id, role })`,
        description: `${matrix('superuser')} 409 when it would leave no superuser.`,
        body: updateStaffRoleRequestSchema,
        response: { 200: staffUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => changeStaffRole(deps, staffOf(req), req.body.id, req.body.role),
  );

  app.delete(
    '/staff/super-user-management/',
    {
      preHandler: guard('manageStaff'),
      schema: {
        tags,
        security,
        summary: `${staffSummary}: delete one (the staff record as body; its id counts)`,
        description: `${matrix('superuser')} 409 when it would leave no superuser. Their sign-ins end.`,
        body: deleteStaffUserRequestSchema,
        response: { 200: staffMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => removeStaffUser(deps, staffOf(req), req.body.id),
  );

  // ---- homepage and gallery ----

  app.get(
    '/staff/homepage-image/:id/',
    {
      preHandler: guard('readAdminHome'),
      schema: {
        tags,
        security,
        summary: 'The homepage settings: image, colour and modal (one fixed record id)',
        description: matrix('superuser, admin, editor, author'),
        params: homepageIdParamSchema,
        response: { 200: staffHomepageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => homepageForStaff(app.db, req.params.id),
  );

  app.post(
    '/staff/homepage-image/:id/',
    {
      preHandler: guard('editHomepage'),
      schema: {
        tags,
        security,
        summary: 'Change the homepage: { color }, { image_url } of a gallery image, or the multipart modal form',
        description: `${matrix('superuser, admin, editor')} The modal form: modal_heading and modal_description (required), show_modal, modal_image (optional file).`,
        consumes: ['application/json', 'multipart/form-data'],
        params: homepageIdParamSchema,
        body: z.union([homepageColorRequestSchema, homepageImageRequestSchema]).nullish(),
        response: { 200: staffHomepageResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (req) => {
      const actor = staffOf(req);
      if (req.isMultipart()) {
        const { image, fields } = await readImageUploadWithFields(req, 'modal_image', { required: false });
        return setHomepageModal(deps, actor, req.params.id, fields, image);
      }
      const body = req.body;
      if (body && 'color' in body) return setHomepageColor(deps, actor, req.params.id, body.color);
      if (body && 'image_url' in body) return setHomepageImage(deps, actor, req.params.id, body.image_url);
      throw new ValidationError('Send { color }, { image_url }, or the modal settings form.');
    },
  );

  app.get(
    '/staff/admin-gallery/:id/',
    {
      preHandler: guard('readAdminHome'),
      schema: {
        tags,
        security,
        summary: 'The gallery images, newest first',
        description: matrix('superuser, admin, editor, author'),
        params: homepageIdParamSchema,
        response: { 200: galleryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => galleryImages(app.db, req.params.id),
  );

  app.post(
    '/staff/admin-gallery/:id/',
    {
      preHandler: guard('uploadToGallery'),
      schema: {
        tags,
        security,
        summary: 'Upload a gallery image (multipart field image): JPEG, PNG or WebP by content, at most 5 MB',
        description: `${matrix('superuser, admin, editor, author')} Re-encoded to WebP at most 1920 px wide; metadata and anything appended are dropped.`,
        consumes: ['multipart/form-data'],
        params: homepageIdParamSchema,
        response: { 200: galleryUploadResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (req) => uploadGalleryImage(deps, staffOf(req), req.params.id, await readImageUpload(req, 'image')),
  );

  // ---- audit log ----

  app.get(
    '/staff/audit-log/',
    {
      preHandler: guard('readAuditLog'),
      schema: {
        tags,
        security,
        summary: 'The audit log, newest first, 5 a page; filter by actor (e-mail or id), action and entity id',
        description: matrix('superuser, admin'),
        querystring: auditQuerySchema,
        response: { 200: auditLogResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => auditEntries(app.db, req.query),
  );

  // ---- payouts (docs/payouts.md) ----

  app.get(
    '/staff/payouts/',
    {
      preHandler: guard('readPayouts'),
      schema: {
        tags,
        security,
        summary: 'Every payout, newest first, 10 a page; filter by status',
        description: matrix('superuser, admin, editor, author'),
        querystring: staffPayoutsQuerySchema,
        response: { 200: staffPayoutsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => staffPayouts(app.db, req.query.status, req.query.page),
  );

  app.post(
    '/staff/payouts/:id/retry/',
    {
      preHandler: guard('managePayouts'),
      schema: {
        tags,
        security,
        summary: "Retry a failed payout: the provider's available balance is paid now to their current primary account",
        description: `${matrix('superuser, admin')} 404 for an unknown payout; 409 with a sentence when it did not fail, another payout is on its way, there is no bank account or less than 10.00 to pay.`,
        params: payoutIdParamsSchema,
        response: { 200: payoutRetryResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const payout = await retryPayout(app.payouts.deps, req.params.id);
      await recordAudit(app.db, staffOf(req), 'payout.retry', { type: 'payout', id: req.params.id }, null, {
        new_payout_id: payout.id,
        amount: payout.amount,
        currency: payout.currency,
      });
      return { payout };
    },
  );

  app.post(
    '/staff/payout-runs/',
    {
      preHandler: guard('managePayouts'),
      schema: {
        tags,
        security,
        summary: 'Pay everything due now: every available balance of 10.00 or more, whatever the schedules',
        description: matrix('superuser, admin'),
        response: { 200: payoutRunResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const run = await runPayoutsNow(app.payouts.deps);
      await recordAudit(app.db, staffOf(req), 'payout.run', { type: 'payout_run', id: req.id }, null, run);
      return run;
    },
  );

  app.get(
    '/staff/reconciliation/',
    {
      preHandler: guard('readPayouts'),
      schema: {
        tags,
        security,
        summary: "A day's reconciliation in one currency: captured − refunded − fees − paid out against the change in balances",
        description: `${matrix('superuser, admin, editor, author')} date YYYY-MM-DD (UTC day, default today), currency GBP (default) or USD.`,
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => dailyReconciliation(app.db, req.query),
  );
};
