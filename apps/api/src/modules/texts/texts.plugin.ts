import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devTextRoutes, inboundTextRoutes } from './texts.routes';
import { devTextTransport, twilioTransport } from './texts.transport';
import type { TextTransport } from './texts.types';
import { TextWorker } from './texts.worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued texts; modules call `kick()` after a transaction that queued some. */
    texts: TextWorker;
  }
}

export interface TextsPluginOptions {
  /** Replaces the transport chosen from the config. */
  transport?: TextTransport;
}

/**
 * Text messages: Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set, otherwise the dev outbox
 * (its page at /dev/texts outside production); the worker that sends what modules queued with `enqueueText`; the
 * inbound webhook for STOP replies.
 */
export const textsPlugin = fp(
  async (app: FastifyInstance, opts: TextsPluginOptions) => {
    const { config } = app;
    const twilio =
      config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
        ? {
            accountSid: config.TWILIO_ACCOUNT_SID,
            authToken: config.TWILIO_AUTH_TOKEN,
            from: config.TWILIO_FROM,
            apiUrl: config.TWILIO_API_URL,
          }
        : null;
    const transport = opts.transport ?? (twilio ? twilioTransport(twilio) : devTextTransport());
    const worker = new TextWorker(app.db, transport, app.log, config.OUTBOX_POLL_MS);
    app.decorate('texts', worker);
    app.addHook('onReady', async () => {
      if (config.OUTBOX_WORKER) worker.start();
    });
    app.addHook('onClose', async () => {
      await worker.stop();
    });
    // Without a provider in production nobody can reply, so the webhook is not served there.
    if (twilio || !config.isProduction)
      await app.register(inboundTextRoutes, { authToken: twilio?.authToken, publicOrigin: config.PUBLIC_URL?.replace(/\/$/, '') });
    if (!twilio && !config.isProduction) await app.register(devTextRoutes);
  },
  { name: 'texts' },
);
