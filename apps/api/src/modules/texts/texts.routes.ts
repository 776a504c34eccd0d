import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html';
import { ForbiddenError } from '../../lib/errors';
import { optIntoTexts, optOutOfTexts } from '../patients/patients.service';
import { listTexts } from './texts.repository';
import { isStartReply, isStopReply } from './texts.service';
import { validTwilioSignature } from './texts.transport';

export interface InboundTextOptions {
  /** Set when Twilio is configured: inbound requests must carry its signature. */
  authToken?: string;
  /** The public origin Twilio calls (the signature covers the full URL). */
  publicOrigin?: string;
}

const twiml = (message?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${escapeHtml(message)}</Message>` : ''}</Response>`;

/**
 * Replies to our texts: Twilio posts them here (form-encoded From, Body). STOP and the other standard opt-out words
 * turn texts off for that number; START (or UNSTOP, YES) turns them back on. With Twilio configured, only requests signed with its auth token are believed.
 */
export const inboundTextRoutes: FastifyPluginAsyncZod<InboundTextOptions> = async (app, opts) => {
  // Twilio posts forms; this parser lives in this plugin's scope only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/api/texts/inbound',
    {
      schema: {
        tags: ['texts'],
        summary: "A patient's reply to a text (Twilio's messaging webhook); STOP opts the number out, START back in",
        consumes: ['application/x-www-form-urlencoded'],
        body: z.looseObject({
          From: z.string({ error: 'From is required.' }).min(1, 'From is required.').max(64, 'From is too long.'),
          Body: z.string().max(1600, 'Body is too long.').default(''),
        }),
        response: { 200: z.string(), 403: z.object({ status: z.literal(false), message: z.string() }).passthrough() },
      },
    },
    async (req, reply) => {
      if (opts.authToken) {
        const origin = opts.publicOrigin ?? `${req.protocol}://${req.host}`;
        const params = Object.fromEntries(Object.entries(req.body).map(([k, v]) => [k, String(v)]));
        if (!validTwilioSignature(opts.authToken, `${origin}${req.url}`, params, req.headers['x-twilio-signature'] as string | undefined))
          throw new ForbiddenError('This request is not signed by our text message provider.');
      }
      let answer: string | undefined;
      if (isStopReply(req.body.Body)) {
        await optOutOfTexts(app.db, req.body.From.trim());
        answer = 'CareSlot: you will get no more texts from us. Reply START or turn reminders by text back on in your profile.';
      } else if (isStartReply(req.body.Body)) {
        // Said only to a number we know, so the reply does not tell a stranger whether a number has an account.
        if ((await optIntoTexts(app.db, req.body.From.trim())) > 0)
          answer = 'CareSlot: appointment reminders by text are back on. Reply STOP to stop them.';
      }
      return reply.type('text/xml').send(twiml(answer));
    },
  );
};

const textSchema = z.object({
  id: z.number(),
  to: z.string(),
  body: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/** The dev outbox: every queued text, when no provider is configured and not in production. */
export const devTextRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/texts/messages',
    {
      schema: {
        tags: ['dev'],
        summary: 'Texts in the dev outbox, newest first',
        querystring: z.object({ to: z.string().max(64).optional() }),
        response: { 200: z.array(textSchema) },
      },
    },
    async (req) =>
      (await listTexts(app.db, req.query.to?.trim() || undefined)).map((t) => ({
        id: t.id,
        to: t.to,
        body: t.body,
        status: t.status,
        createdAt: t.createdAt.toISOString(),
      })),
  );

  app.get('/dev/texts', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await listTexts(app.db);
    const list = rows.length
      ? `<table><thead><tr><th>To</th><th>Text</th><th>Queued</th></tr></thead><tbody>${rows
          .map((r) => `<tr><td>${escapeHtml(r.to)}</td><td>${escapeHtml(r.body)}</td><td>${r.createdAt.toISOString()}</td></tr>`)
          .join('')}</tbody></table>`
      : '<p>No texts yet.</p>';
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Texts · CareSlot dev outbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b2430;background:#f6f8fb}main{max-width:960px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e3e8ef}</style>
</head><body><main><h1>Dev text outbox</h1>${list}</main></body></html>`);
  });
};
