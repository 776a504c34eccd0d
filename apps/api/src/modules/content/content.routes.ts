import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactUsRequestSchema, contactUsResponseSchema, homepageSettingsSchema } from '@careslot/contracts/content';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { CONTACT_SUCCESS_MESSAGE, homepageSettings, submitContactMessage } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/homepage-settings',
    {
      schema: {
        tags: ['public'],
        summary: 'Homepage image, colour and optional modal, as staff set them',
        response: { 200: homepageSettingsSchema },
      },
    },
    async () => homepageSettings(app.db),
  );

  // Per IP against floods; per recipient so nobody can use the acknowledgement to mail-bomb an address.
  const perIp = limit(app, {
    name: 'contact-us-ip',
    max: 5,
    timeWindow: '15 minutes',
    message: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
  });
  const perRecipient = limit(app, {
    name: 'contact-us-email',
    max: 3,
    timeWindow: '1 hour',
    key: (req) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email : undefined;
    },
    message: 'We have already received several messages from this e-mail address. Please wait an hour, or wait for our reply.',
  });

  app.post(
    '/api/contact-us/',
    {
      onRequest: perIp,
      preHandler: perRecipient,
      schema: {
        tags: ['public'],
        summary: 'Send a message to the CareSlot team',
        description:
          'Stores the message and e-mails an acknowledgement to the sender (queued in the same transaction). ' +
          'Rate-limited: 5 messages per IP per 15 minutes and 3 per e-mail address per hour (429).',
        body: contactUsRequestSchema,
        response: { 201: contactUsResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const { id } = await submitContactMessage(app.db, req.body, app.config.PUBLIC_URL);
      app.outbox.kick();
      return reply.status(201).send({ status: true as const, message: CONTACT_SUCCESS_MESSAGE, id });
    },
  );
};
