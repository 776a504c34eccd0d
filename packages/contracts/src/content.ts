import { z } from 'zod';

/** Homepage settings (SPEC §3). */
export const homepageSettingsSchema = z.object({
  image_url: z.string(),
  color: z.string(),
  modal_image: z.string().nullable(),
  show_modal: z.boolean(),
  modal_heading: z.string(),
  modal_description: z.string(),
});
export type HomepageSettings = z.infer<typeof homepageSettingsSchema>;
