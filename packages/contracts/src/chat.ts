import { z } from 'zod';
import { searchRegionSchema } from './search';

/** The chat assistant (docs/chat.md): one message in, one reply out; the conversation is kept server-side. */

export const CHAT_MESSAGE_MAX = 1000;

export const chatRequestSchema = z.object({
  message: z
    .string({ error: 'Please type a message.' })
    .max(CHAT_MESSAGE_MAX, { message: `Please keep a message to ${CHAT_MESSAGE_MAX} characters or fewer.` })
    // Lone surrogates and NUL cannot be stored as text: they become the replacement character.
    .transform((s) =>
      s
        .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
        .replaceAll(String.fromCharCode(0), '\uFFFD')
        .trim(),
    )
    .refine((s) => s.length > 0, { message: 'Please type a message.' }),
  /** Absent (or empty) starts a new conversation. */
  session_id: z
    .string()
    .max(64)
    .optional()
    .transform((s) => (s ? s : undefined)),
  selectedRegion: searchRegionSchema.default('uk'),
});

/** A provider card in a reply: enough to show it and link to the profile. */
export const chatProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  speciality: z.string(),
  distance: z.number(),
  hospital_name: z.string(),
  /** e.g. "Tue 3 March, 9:30 AM"; null when no free time in the window asked for. */
  next_free: z.string().nullable(),
  fee: z.string(),
  /** Path of the profile screen. */
  profile_path: z.string(),
});
export type ChatProvider = z.infer<typeof chatProviderSchema>;

export const chatLinkSchema = z.object({ label: z.string(), href: z.string() });
export type ChatLink = z.infer<typeof chatLinkSchema>;

export const chatReplySchema = z.object({
  text: z.string(),
  /** 'emergency' replies are shown prominently. */
  kind: z.enum(['answer', 'question', 'emergency', 'refusal', 'results', 'help', 'unknown']),
  providers: z.array(chatProviderSchema).optional(),
  links: z.array(chatLinkSchema).optional(),
  suggestions: z.array(z.string()).optional(),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

export const chatResponseSchema = z.object({
  status: z.literal(true),
  session_id: z.string(),
  reply: chatReplySchema,
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const chatTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  at: z.string(),
  reply: chatReplySchema.optional(),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

export const chatSessionParamsSchema = z.object({ session_id: z.string().max(64) });
export const chatHistorySchema = z.object({
  status: z.literal(true),
  session_id: z.string(),
  messages: z.array(chatTurnSchema),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;
