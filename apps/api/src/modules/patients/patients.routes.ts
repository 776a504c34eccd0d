import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResponseSchema, messageResponseSchema } from '@careslot/contracts/auth';
import {
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  profileImageResponseSchema,
  updateProfileRequestSchema,
  userAppointmentsResponseSchema,
  userDetailsSchema,
  userIdParamSchema,
} from '@careslot/contracts/patients';
import { requireSelf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { readProfileImageUpload, uploadsRoot } from '../../lib/profile-image';
import { clearSessionCookies, publicOrigin, setSessionCookies } from '../auth/auth.service';
import {
  appointmentsOf,
  changePassword,
  deleteAccount,
  exportData,
  loadPatient,
  saveProfileImage,
  toUserDetails,
  updateProfile,
  type PatientsDeps,
} from './patients.service';

const errors = errorResponses;
const security: { [name: string]: string[] }[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
export const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const deps: PatientsDeps = { db: app.db, config, tokens: app.tokens, kickOutbox: () => app.outbox.kick() };
  // Everything under DATA_DIR/uploads is public at /uploads/… under unguessable names (other areas may add folders).
  mkdirSync(uploadsRoot(config), { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsRoot(config),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
  });

  // Both calls check the current password: one shared budget per account, so a stolen access token
  // cannot be turned into the password (and a takeover) by guessing.
  const passwordCheckLimit = limit(app, {
    name: 'password-check',
    max: 5,
    timeWindow: '15 minutes',
    key: (req) => req.caller?.id ?? req.ip,
    message: 'Too many attempts with the wrong password. Please wait 15 minutes and try again.',
  });

  app.get(
    '/api/user-details/:userId/',
    {
      schema: {
        tags: ['patients'],
        summary: "The caller's own profile (403 for another user's id)",
        security,
        params: userIdParamSchema,
        response: { 200: userDetailsSchema, ...errors(401, 403) },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      return toUserDetails(await loadPatient(app.db, req.params.userId));
    },
  );

  app.patch(
    '/api/user-details/:userId/',
    {
      schema: {
        tags: ['patients'],
        summary: 'Update first name, last name, phone number and date of birth (same rules as registration)',
        security,
        params: userIdParamSchema,
        body: updateProfileRequestSchema,
        response: { 200: userDetailsSchema, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      return updateProfile(app.db, req.params.userId, req.body);
    },
  );

  app.post(
    '/api/user-details/:userId/profile-image',
    {
      schema: {
        tags: ['patients'],
        summary: 'Upload a profile picture (multipart field profile_image): JPEG, PNG or WebP by content, at most 5 MB',
        description: 'Resized to a 512 px square WebP with metadata removed; served at the returned /uploads/… path.',
        security,
        consumes: ['multipart/form-data'],
        params: userIdParamSchema,
        response: { 200: profileImageResponseSchema, ...errors(400, 401, 403, 413, 415) },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      const data = await readProfileImageUpload(req);
      const profile_image = await saveProfileImage(deps, req.params.userId, data);
      return { status: true as const, profile_image };
    },
  );

  app.post(
    '/api/user-details/:userId/change-password',
    {
      preHandler: passwordCheckLimit,
      schema: {
        tags: ['patients'],
        summary: 'Change the password (needs the current one); signs out every other device',
        description: 'Answers with a fresh session for this device, and sets its cookies.',
        security,
        params: userIdParamSchema,
        body: changePasswordRequestSchema,
        response: { 200: loginResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.userId);
      const session = await changePassword(deps, req.params.userId, req.body, `${publicOrigin(config, req)}/sign-in`);
      setSessionCookies(config, reply, session);
      return {
        status: true as const,
        tokens: { access_token: session.access_token, refresh_token: session.refresh_token },
        user_id: session.user_id,
        first_name: session.first_name,
        user_type: session.user_type,
        expires_in: session.expires_in,
      };
    },
  );

  app.get(
    '/api/user-details/:userId/export',
    {
      schema: {
        tags: ['patients'],
        summary: 'Download my data: account, appointments and active sessions as JSON',
        security,
        params: userIdParamSchema,
        response: { 200: z.record(z.string(), z.unknown()), ...errors(401, 403) },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.userId);
      const data = await exportData(app.db, req.params.userId);
      reply.header('content-disposition', `attachment; filename="careslot-my-data-${new Date().toISOString().slice(0, 10)}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/api/user-details/:userId/',
    {
      preHandler: passwordCheckLimit,
      schema: {
        tags: ['patients'],
        summary: 'Delete my account (password and the word DELETE to confirm)',
        description:
          'Personal details are erased; the row stays as "Deleted patient" so appointment history is kept, anonymised. Every session is revoked. 409 while an upcoming appointment is booked.',
        security,
        params: userIdParamSchema,
        body: deleteAccountRequestSchema,
        response: { 200: messageResponseSchema, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (req, reply) => {
      requireSelf(req, req.params.userId);
      await deleteAccount(deps, req.params.userId, req.body.password);
      clearSessionCookies(config, reply);
      return { status: true, message: 'Your account has been deleted.' };
    },
  );

  app.get(
    '/user/user-appointments/:userId/',
    {
      schema: {
        tags: ['patients'],
        summary: "The caller's appointments: upcoming (booked, not yet over; soonest first) and past (latest first)",
        security,
        params: userIdParamSchema,
        response: { 200: userAppointmentsResponseSchema, ...errors(401, 403) },
      },
    },
    async (req) => {
      requireSelf(req, req.params.userId);
      return { status: true as const, ...(await appointmentsOf(app.db, req.params.userId)) };
    },
  );
};
