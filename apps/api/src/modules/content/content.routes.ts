import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homepageSettingsSchema } from '@careslot/contracts/content';
import { homepageSettings } from '../../db/schema/content';
import { HOMEPAGE_SETTINGS_ID } from '../../db/seed/seed';
import { NotFoundError } from '../../lib/errors';

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
    async () => {
      const [row] = await app.db.select().from(homepageSettings).where(eq(homepageSettings.id, HOMEPAGE_SETTINGS_ID));
      if (!row) throw new NotFoundError('Homepage settings are not set up yet.');
      return row;
    },
  );
};
