import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatHistorySchema,
  chatRequestSchema,
  chatResponseSchema,
  chatSessionParamsSchema,
  CHAT_MESSAGE_MAX,
} from '@careslot/contracts/chat';
import { errorResponses } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { Geocoder } from '../geo/geo.service';
import { rememberedSpecialityLookup } from '../search/search.service';
import { chatHistory, chatTurn, CHAT_RETENTION_DAYS, purgeOldConversations, type ChatDeps } from './chat.service';
import { createLlmEngine } from './llm-engine';
import { createOfflineEngine } from './offline-engine';
import type { ToolDeps } from './tools';

/** Messages per conversation per minute, and per address per 10 minutes (times RATE_LIMIT_SCALE). */
export const CHAT_PER_SESSION_PER_MINUTE = 20;
export const CHAT_PER_IP_PER_10_MINUTES = 120;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const tools: ToolDeps = {
    db: app.db,
    search: {
      geocoder: new Geocoder(app.db, { postcodesIoUrl: app.config.POSTCODES_IO_URL, log: app.log }),
      findSpeciality: rememberedSpecialityLookup(),
    },
  };
  const c = app.config;
  const deps: ChatDeps = {
    db: app.db,
    offline: createOfflineEngine(tools),
    llm:
      c.CHAT_LLM_URL && c.CHAT_LLM_MODEL
        ? createLlmEngine(tools, {
            url: c.CHAT_LLM_URL,
            model: c.CHAT_LLM_MODEL,
            apiKey: c.CHAT_LLM_API_KEY,
            timeoutMs: c.CHAT_LLM_TIMEOUT_MS,
          })
        : undefined,
    log: app.log,
  };

  // Conversations past the retention period are deleted at start and every hour.
  let timer: NodeJS.Timeout | null = null;
  const purge = () => purgeOldConversations(app.db).catch((err: unknown) => app.log.warn({ err }, 'chat purge failed'));
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  const patientOf = (caller: { type: string; id: string } | null) => (caller?.type === 'patient' ? caller.id : null);
  const perIp = limit(app, {
    name: 'chat-ip',
    max: CHAT_PER_IP_PER_10_MINUTES,
    timeWindow: '10 minutes',
    message: 'You have sent many messages in a short time. Please wait a few minutes and try again.',
  });
  const perSession = limit(app, {
    name: 'chat-session',
    max: CHAT_PER_SESSION_PER_MINUTE,
    timeWindow: '1 minute',
    key: (req) => (req.body as { session_id?: string } | undefined)?.session_id || undefined,
    message: 'You are sending messages very quickly. Please wait a minute and try again.',
  });

  app.post(
    '/api/chatbot/',
    {
      onRequest: perIp,
      preHandler: perSession,
      schema: {
        tags: ['chat'],
        summary: 'Send one message to the chat assistant and get its reply',
        description:
          `Starts a conversation when \`session_id\` is absent (or unknown, expired, or another patient's) and returns its id; ` +
          `send it with the next message. A signed-in patient's conversation is tied to them. \`selectedRegion\` decides the ` +
          `emergency numbers (uk 999 / NHS 111 / Samaritans 116 123; usa 911 / 988). The reply may carry provider cards, ` +
          `links and suggestion chips; show every text as text. 400 for an empty message or one over ${CHAT_MESSAGE_MAX} ` +
          `characters; 429 over ${CHAT_PER_SESSION_PER_MINUTE} messages a minute per conversation or ` +
          `${CHAT_PER_IP_PER_10_MINUTES} per 10 minutes per address (scaled by RATE_LIMIT_SCALE). Conversations are deleted ` +
          `${CHAT_RETENTION_DAYS} days after their last message.`,
        body: chatRequestSchema,
        response: { 200: chatResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return chatTurn(deps, {
        message: req.body.message,
        sessionId: req.body.session_id,
        region: req.body.selectedRegion,
        patientId: patientOf(req.caller),
      });
    },
  );

  app.get(
    '/api/chatbot/:session_id/',
    {
      onRequest: perIp,
      schema: {
        tags: ['chat'],
        summary: 'The conversation so far',
        description:
          "A visitor's conversation is read with its id; a patient's only by that patient (anyone else gets 404, as for " +
          'an unknown or expired id).',
        params: chatSessionParamsSchema,
        response: { 200: chatHistorySchema, ...errorResponses(404, 429) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return chatHistory(app.db, req.params.session_id, patientOf(req.caller));
    },
  );
};
