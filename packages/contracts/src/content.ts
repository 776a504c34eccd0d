import { z } from 'zod';

/** Homepage settings (docs/public-site.md, "Home"). */
export const homepageSettingsSchema = z.object({
  image_url: z.string(),
  color: z.string(),
  modal_image: z.string().nullable(),
  show_modal: z.boolean(),
  modal_heading: z.string(),
  modal_description: z.string(),
});
export type HomepageSettings = z.infer<typeof homepageSettingsSchema>;

/** Contact-us payload (docs/public-site.md): first_name, last_name, email, message. The web form validates with the same schema. */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_NAME_MAX = 100;

const personName = (label: string) =>
  z
    .string({ error: `Please enter your ${label}.` })
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(CONTACT_NAME_MAX, `Your ${label} can be at most ${CONTACT_NAME_MAX} characters.`);

export const contactUsRequestSchema = z.object({
  first_name: personName('first name'),
  last_name: personName('last name'),
  email: z
    .string({ error: 'Please enter your e-mail address.' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter your e-mail address.')
    .max(254, 'That e-mail address is too long.')
    .pipe(z.email('Please enter a valid e-mail address, like name@example.com.')),
  message: z
    .string({ error: 'Please write your message.' })
    .trim()
    .min(1, 'Please write your message.')
    .min(CONTACT_MESSAGE_MIN, `Please tell us a little more (at least ${CONTACT_MESSAGE_MIN} characters).`)
    .max(CONTACT_MESSAGE_MAX, `Your message can be at most ${CONTACT_MESSAGE_MAX} characters.`),
});
export type ContactUsRequest = z.input<typeof contactUsRequestSchema>;
export type ContactUsValues = z.output<typeof contactUsRequestSchema>;

export const contactUsResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  id: z.string(),
});
export type ContactUsResponse = z.infer<typeof contactUsResponseSchema>;
