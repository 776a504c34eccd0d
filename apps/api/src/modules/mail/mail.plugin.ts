import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devMailboxRoutes } from './dev-mailbox.routes';
import { devMailboxTransport, smtpTransport } from './mail.transport';
import type { MailTransport } from './mail.types';
import { OutboxWorker } from './mail.worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued mail; modules call `kick()` after a transaction that queued some. */
    outbox: OutboxWorker;
  }
}

export interface MailPluginOptions {
  /** Replaces the transport chosen from the config (tests of delivery failure). */
  transport?: MailTransport;
}

/**
 * Mail delivery: SMTP when SMTP_URL is set, otherwise the dev mailbox (with its pages at /dev/mail);
 * the outbox worker that sends what modules queued with `enqueueMail`.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: MailPluginOptions) => {
    const { config } = app;
    const transport = opts.transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : devMailboxTransport(app.db));
    const outbox = new OutboxWorker(app.db, transport, config.MAIL_FROM, app.log, config.OUTBOX_POLL_MS);
    app.decorate('outbox', outbox);
    app.addHook('onReady', async () => {
      if (config.OUTBOX_WORKER) outbox.start();
    });
    app.addHook('onClose', async () => {
      await outbox.stop();
      transport.close();
    });
    if (config.devMailbox) await app.register(devMailboxRoutes);
  },
  { name: 'mail' },
);
