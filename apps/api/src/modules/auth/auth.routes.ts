import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORGET_PASSWORD_MESSAGE,
  authOptionsResponseSchema,
  RESEND_VERIFICATION_MESSAGE,
  emailNotVerifiedSchema,
  forgetPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  messageResponseSchema,
  refreshRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
  tokenParamSchema,
} from '@careslot/contracts/auth';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { UnauthorizedError } from '../../lib/errors';
import { hashToken } from './auth.tokens';
import type { Queryable } from '../../db/client';
import { clearSessionCookies, refreshTokenFrom, setSessionCookies } from './auth.cookies';
import {
  assertResetLinkUsable,
  demoLogin,
  forgetPassword,
  login,
  publicOrigin,
  registerPatient,
  resendVerification,
  resetPassword,
  verifyEmail,
  type AuthDeps,
} from './auth.service';
import { SESSION_ENDED_MESSAGE, endSession, rotateSession, type Session } from './auth.sessions';

const errors = errorResponses;

const loginAnswer = (s: Session) => ({
  status: true as const,
  tokens: { access_token: s.access_token, refresh_token: s.refresh_token },
  user_id: s.user_id,
  first_name: s.first_name,
  user_type: s.user_type,
  expires_in: s.expires_in,
});

const LOGIN_WINDOW = '15 minutes';
const HOUR_WINDOW = '1 hour';

export interface AuthRoutesOptions {
  /** Told of each patient whose session a sign-out ended (app.ts: the chat module forgets their conversations). */
  onPatientSignedOut?: (db: Queryable, patientId: string) => Promise<void>;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const c = app.config;
  const deps: AuthDeps = { db: app.db, config: c, tokens: app.tokens, log: app.log, kickOutbox: () => app.outbox.kick() };
  const tooMany = (what: string) => `Too many ${what}. Please wait a while and try again.`;
  /** Per-account keys: the lowercased e-mail of the body, or the registration token. */
  const bodyEmail = (req: FastifyRequest) => {
    const b = req.body as { email?: string; auth_token?: string } | undefined;
    return b?.email ?? (b?.auth_token ? `t:${hashToken(b.auth_token)}` : undefined);
  };

  app.post(
    '/api/user-register',
    {
      onRequest: limit(app, {
        name: 'register-ip',
        max: c.RATE_LIMIT_REGISTER_PER_IP,
        timeWindow: HOUR_WINDOW,
        message: tooMany('sign-ups from this network'),
      }),
      schema: {
        tags: ['accounts'],
        summary: 'Create a patient account and e-mail a verification link to /verify/{email_verify}',
        description:
          'Names get a capital first letter, the e-mail is lowercased, the phone number is stored in E.164. Password: 8 to 128 characters, not a very common password, not the e-mail. Phone: a valid UK or US number. 409 when the e-mail is already registered.',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, ...errors(400, 409, 429) },
      },
    },
    async (req, reply) => {
      const { auth_token } = await registerPatient(deps, req.body, publicOrigin(c, req));
      return reply.status(201).send({
        status: true as const,
        auth_token,
        message: 'Your account is created. We have sent you an e-mail: open the link in it to confirm your address.',
      });
    },
  );

  app.post(
    '/api/user-login',
    {
      onRequest: limit(app, {
        name: 'login-ip',
        max: c.RATE_LIMIT_LOGIN_PER_IP,
        timeWindow: LOGIN_WINDOW,
        message: tooMany('sign-in attempts'),
      }),
      preHandler: limit(app, {
        name: 'login-account',
        max: c.RATE_LIMIT_LOGIN_PER_ACCOUNT,
        timeWindow: LOGIN_WINDOW,
        key: (req) => bodyEmail(req),
        message: tooMany('sign-in attempts for this account'),
      }),
      schema: {
        tags: ['accounts'],
        summary: 'Sign in a patient or provider; sets the access_token, refresh_token and user_id cookies',
        description:
          'A wrong password and an unknown e-mail get the same 401 answer. A correct password on an unconfirmed account gets 403 EMAIL_NOT_VERIFIED with an auth_token for POST /api/resend-verification.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 403: emailNotVerifiedSchema, ...errors(400, 401, 429) },
      },
    },
    async (req, reply) => {
      const session = await login(deps, req.body.email, req.body.password, req.body.user_type);
      setSessionCookies(c, reply, session);
      return loginAnswer(session);
    },
  );

  app.get(
    '/api/auth/options',
    {
      schema: {
        tags: ['accounts'],
        summary: "What the sign-in screen may offer: demo_mode is true when 'Try the demo' works",
        response: { 200: authOptionsResponseSchema },
      },
    },
    async () => ({ status: true as const, demo_mode: app.config.DEMO_MODE }),
  );

  app.post(
    '/api/demo-login',
    {
      onRequest: limit(app, { name: 'demo-ip', max: c.RATE_LIMIT_LOGIN_PER_IP, timeWindow: LOGIN_WINDOW }),
      schema: {
        tags: ['accounts'],
        summary: 'Demo mode only: sign in as the demo patient (demo_access_token / demo_refresh_token cookies)',
        description: '404 unless DEMO_MODE is on; never available in production.',
        response: { 200: loginResponseSchema, ...errors(404, 429) },
      },
    },
    async (_req, reply) => {
      const session = await demoLogin(deps);
      setSessionCookies(c, reply, session);
      return loginAnswer(session);
    },
  );

  app.post(
    '/api/token/refresh',
    {
      onRequest: limit(app, { name: 'refresh-ip', max: c.RATE_LIMIT_REFRESH_PER_IP, timeWindow: '1 minute' }),
      schema: {
        tags: ['accounts'],
        summary: 'Exchange a refresh token for a new access token and a new refresh token (rotation)',
        description:
          'The refresh token comes from the body or the httpOnly refresh_token (or demo_refresh_token) cookie. Each refresh token works once; presenting a used one revokes its whole family (every token descended from the same sign-in).',
        body: refreshRequestSchema,
        response: { 200: loginResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (req, reply) => {
      const { token, demo } = refreshTokenFrom(req, req.body?.refresh_token);
      if (!token) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
      try {
        const session = await rotateSession(deps, token, demo);
        setSessionCookies(c, reply, session);
        return loginAnswer(session);
      } catch (err) {
        if (err instanceof UnauthorizedError) clearSessionCookies(c, reply);
        throw err;
      }
    },
  );

  app.post(
    '/api/user-logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: revoke the refresh token (and its family) and clear the session cookies',
        description: 'Always answers 200, also when the session had already ended.',
        body: logoutRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req, reply: FastifyReply) => {
      const bodyToken = (req.body as { refresh_token?: string } | undefined)?.refresh_token;
      const tokens = new Set([bodyToken, req.cookies.refresh_token, req.cookies.demo_refresh_token].filter((t): t is string => !!t));
      // Signing out forgets the patient's chat conversations too (docs/chat.md, "Sessions"), also when the access
      // token has already lapsed and only the refresh token says who it was.
      const patients = new Set(req.caller?.type === 'patient' ? [req.caller.id] : []);
      for (const token of tokens) {
        const ended = await endSession(app.db, token);
        if (ended?.type === 'patient') patients.add(ended.id);
      }
      for (const id of patients) await opts.onPatientSignedOut?.(app.db, id);
      clearSessionCookies(c, reply);
      return { status: true, message: 'You have been logged out.' };
    },
  );

  app.post(
    '/api/verify-email/:email_verify',
    {
      onRequest: limit(app, { name: 'verify-ip', max: 30 * c.RATE_LIMIT_RESEND_VERIFICATION_PER_IP, timeWindow: HOUR_WINDOW }),
      schema: {
        tags: ['accounts'],
        summary: 'Confirm an e-mail address with the single-use token of the /verify/{email_verify} link',
        params: tokenParamSchema('email_verify'),
        response: { 200: messageResponseSchema, ...errors(400, 429) },
      },
    },
    async (req) => {
      await verifyEmail(app.db, req.params.email_verify as string);
      return { status: true, message: 'Your e-mail address is confirmed. You can now sign in.' };
    },
  );

  app.post(
    '/api/resend-verification',
    {
      onRequest: limit(app, {
        name: 'resend-ip',
        max: c.RATE_LIMIT_RESEND_VERIFICATION_PER_IP,
        timeWindow: HOUR_WINDOW,
        message: tooMany('requests for verification e-mails'),
      }),
      preHandler: limit(app, {
        name: 'resend-account',
        max: c.RATE_LIMIT_RESEND_VERIFICATION_PER_ACCOUNT,
        timeWindow: HOUR_WINDOW,
        key: bodyEmail,
        message: tooMany('requests for verification e-mails'),
      }),
      schema: {
        tags: ['accounts'],
        summary: 'Send a new verification link (by e-mail address, or by the auth_token from registration or login)',
        description: 'Always the same answer, whether or not the account exists or is already confirmed.',
        body: resendVerificationRequestSchema,
        response: { 200: messageResponseSchema, ...errors(400, 429) },
      },
    },
    async (req) => {
      await resendVerification(deps, req.body, publicOrigin(c, req));
      return { status: true, message: RESEND_VERIFICATION_MESSAGE };
    },
  );

  app.post(
    '/api/forget-password',
    {
      onRequest: limit(app, {
        name: 'forgot-ip',
        max: c.RATE_LIMIT_FORGOT_PASSWORD_PER_IP,
        timeWindow: HOUR_WINDOW,
        message: tooMany('password reset requests'),
      }),
      preHandler: limit(app, {
        name: 'forgot-account',
        max: c.RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT,
        timeWindow: HOUR_WINDOW,
        key: bodyEmail,
        message: tooMany('password reset requests'),
      }),
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a single-use link to /reset-password/{resetToken}, valid for 1 hour',
        description: 'Always the same answer, whether or not an account exists for the address.',
        body: forgetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors(400, 429) },
      },
    },
    async (req) => {
      await forgetPassword(deps, req.body.email, req.body.userType, publicOrigin(c, req));
      return { status: true, message: FORGET_PASSWORD_MESSAGE };
    },
  );

  app.get(
    '/api/reset-password/:resetToken',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Check a reset link before showing the form (does not use it up)',
        params: tokenParamSchema('resetToken'),
        response: { 200: messageResponseSchema, ...errors(400) },
      },
    },
    async (req) => {
      await assertResetLinkUsable(app.db, req.params.resetToken as string);
      return { status: true, message: 'Choose a new password.' };
    },
  );

  app.patch(
    '/api/reset-password/:resetToken',
    {
      onRequest: limit(app, { name: 'reset-ip', max: 3 * c.RATE_LIMIT_FORGOT_PASSWORD_PER_IP, timeWindow: HOUR_WINDOW }),
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a reset link; signs the account out everywhere',
        description:
          '400 with a clear message for mismatched or weak passwords (fields), and for a link that was already used (LINK_USED), has expired (LINK_EXPIRED) or is unknown (LINK_INVALID).',
        params: tokenParamSchema('resetToken'),
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors(400, 429) },
      },
    },
    async (req) => {
      await resetPassword(deps, req.params.resetToken as string, req.body, publicOrigin(c, req));
      return { status: true, message: 'Your password has been changed. Sign in with your new password.' };
    },
  );
};
