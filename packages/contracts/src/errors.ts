import { z } from 'zod';

/**
 * The one shape of every error answer of the API (a 4xx or 5xx): `message` is for people, `fields` maps a request
 * field to what is wrong with it (400), `error` names the kind of error; some errors add more (a 403 at sign-in adds
 * `auth_token`, see auth.ts).
 */
export const errorResponseSchema = z.looseObject({
  status: z.literal(false),
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
