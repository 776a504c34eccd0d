import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html';
import { NotFoundError } from '../../lib/errors';
import { findDevMailboxMessage, listDevMailbox } from './mail.repository';

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · CareSlot dev mailbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b2430;background:#f6f8fb}main{max-width:960px;margin:0 auto;padding:24px}
h1{font-size:1.4rem}a{color:#0b5cad}table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e3e8ef}
iframe{width:100%;height:70vh;border:1px solid #e3e8ef;background:#fff}pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #e3e8ef}</style>
</head><body><main>${body}</main></body></html>`;

const messageSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The calendar attachment's text (.ics), or null. */
  ics: z.string().nullable(),
  createdAt: z.string(),
});

/** The built-in dev mailbox: only registered when no SMTP is configured and not in production. */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/dev/mail/messages',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages in the dev mailbox, newest first',
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: z.array(messageSchema) },
      },
    },
    async (req) => {
      const rows = await listDevMailbox(db, req.query.to?.toLowerCase());
      return rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        html: r.html,
        ics: r.ics,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );

  app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await listDevMailbox(db);
    const list = rows.length
      ? `<table><thead><tr><th>To</th><th>Subject</th><th>Received</th></tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr><td>${escapeHtml(r.to)}</td><td><a href="/dev/mail/${r.id}">${escapeHtml(r.subject)}</a></td><td>${r.createdAt.toISOString()}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p>No messages yet.</p>';
    return reply.type('text/html').send(page('Inbox', `<h1>Dev mailbox</h1>${list}`));
  });

  const idParams = z.object({ id: z.coerce.number().int().positive() });

  app.get('/dev/mail/:id', { schema: { hide: true, params: idParams } }, async (req, reply) => {
    const m = await findDevMailboxMessage(db, req.params.id);
    if (!m) throw new NotFoundError('That message does not exist.');
    return reply.type('text/html').send(
      page(
        m.subject,
        `<p><a href="/dev/mail">← All messages</a></p><h1>${escapeHtml(m.subject)}</h1><p>To: ${escapeHtml(m.to)}</p>
<iframe title="Message" sandbox src="/dev/mail/${m.id}/html"></iframe><h2>Plain text</h2><pre>${escapeHtml(m.text)}</pre>${
          m.ics ? `<h2>Calendar attachment (invite.ics)</h2><pre>${escapeHtml(m.ics)}</pre>` : ''
        }`,
      ),
    );
  });

  app.get('/dev/mail/:id/html', { schema: { hide: true, params: idParams } }, async (req, reply) => {
    const m = await findDevMailboxMessage(db, req.params.id);
    if (!m) throw new NotFoundError('That message does not exist.');
    return reply
      .header('content-security-policy', "default-src 'none'; img-src * data:; style-src 'unsafe-inline'")
      .type('text/html')
      .send(m.html);
  });
};
