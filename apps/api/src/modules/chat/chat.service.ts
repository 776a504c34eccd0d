import type { FastifyBaseLogger } from 'fastify';
import type { ChatHistory, ChatReply, ChatResponse, ChatTurn } from '@careslot/contracts/chat';
import type { Queryable } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { ChatEngine, ChatState, TurnContext } from './chat.types';
import {
  deleteChatSessionsBefore,
  deleteChatSessionsOf,
  findChatSession,
  insertChatSession,
  saveChatSession,
  type ChatSessionRow,
  type StoredTurn,
} from './chat.repository';
import {
  detectEmergency,
  detectMedicalQuestion,
  detectRuleBreaking,
  emergencyReply,
  medicalRefusal,
  RULES_REPLY,
  unsafeOutput,
} from './safety';
import { findSpecialitySlug } from './understand';
import { specialityLabel } from './offline-engine';

/**
 * One turn of the chat assistant (docs/chat.md): find or start the conversation, run the safety layer, let the engine
 * answer (the language model when configured, the offline engine otherwise or when it fails), check the reply, keep
 * both in the conversation. Message text is never logged.
 */

/** Conversations are deleted this long after their last message. */
export const CHAT_RETENTION_DAYS = 30;
/** Turns kept per conversation (older ones are dropped). */
export const CHAT_MAX_TURNS = 200;

export interface ChatDeps {
  db: Queryable;
  offline: ChatEngine;
  /** The language-model engine, when CHAT_LLM_URL is set. */
  llm?: ChatEngine;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  now?: () => Date;
}

export interface ChatInput {
  message: string;
  sessionId?: string;
  region: 'uk' | 'usa';
  /** The signed-in patient, or null (visitors, providers and staff chat without a patient). */
  patientId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A conversation the caller may use: anonymous ones by their unguessable id, a patient's only by that patient. */
function usableBy(row: ChatSessionRow | null, patientId: string | null, now: Date): row is ChatSessionRow {
  if (!row) return false;
  if (now.getTime() - new Date(row.last_seen_at).getTime() > CHAT_RETENTION_DAYS * 86_400_000) return false;
  return row.patient_id === null || row.patient_id === patientId;
}

/** The conversation to continue, or null for a new one (unknown, expired or someone else's: nothing about it is revealed). */
async function openConversation(db: Queryable, input: ChatInput, now: Date): Promise<ChatSessionRow | null> {
  if (!input.sessionId || !UUID.test(input.sessionId)) return null;
  const row = await findChatSession(db, input.sessionId);
  return usableBy(row, input.patientId, now) ? row : null;
}

/** The safety rules before any engine: emergencies, medical advice, rule-breaking. Null when the engine may answer. */
export function screenMessage(message: string, region: 'uk' | 'usa'): ChatReply | null {
  const emergency = detectEmergency(message);
  if (emergency) return emergencyReply(region, emergency);
  if (detectRuleBreaking(message)) return RULES_REPLY;
  const medical = detectMedicalQuestion(message);
  if (medical) return medicalRefusal(medical, region, specialityLabel(findSpecialitySlug(message) ?? undefined));
  return null;
}

/** The safety rules after an engine: a reply that gives a dose or a diagnosis is replaced by the refusal. */
export function screenReply(reply: ChatReply, region: 'uk' | 'usa'): ChatReply {
  return unsafeOutput(reply.text) ? medicalRefusal('diagnosis', region) : reply;
}

export async function chatTurn(deps: ChatDeps, input: ChatInput): Promise<ChatResponse> {
  const now = deps.now?.() ?? new Date();
  const row = await openConversation(deps.db, input, now);
  const state = (row?.state ?? {}) as ChatState;
  const earlier = row?.messages ?? [];
  const history = earlier.map((m) => ({ role: m.role, text: m.text }));

  let reply = screenMessage(input.message, input.region);
  let nextState = state;
  let engineUsed = 'safety';
  if (!reply) {
    const ctx: TurnContext = { message: input.message, region: input.region, patientId: input.patientId, state, history, now };
    let result = null;
    if (deps.llm) {
      try {
        result = await deps.llm.answer(ctx);
        engineUsed = 'llm';
      } catch (err) {
        // Only the kind of failure is logged, never the conversation.
        deps.log.warn({ reason: err instanceof Error ? err.name : 'unknown' }, 'chat language model failed; offline engine answered');
      }
    }
    if (!result) {
      result = await deps.offline.answer(ctx);
      engineUsed = 'offline';
    }
    reply = screenReply(result.reply, input.region);
    nextState = result.state;
  }

  const at = now.toISOString();
  const turns: StoredTurn[] = [
    { role: 'user', text: input.message, at },
    { role: 'assistant', text: reply.text, at, reply },
  ];
  const values = {
    messages: [...earlier, ...turns].slice(-CHAT_MAX_TURNS),
    state: nextState as Record<string, unknown>,
    region: input.region,
    patient_id: row?.patient_id ?? input.patientId,
  };
  // A new conversation is written once, with its first turn.
  let id: string;
  if (row) {
    await saveChatSession(deps.db, row.id, values);
    id = row.id;
  } else id = await insertChatSession(deps.db, values);
  deps.log.info({ chat: { engine: engineUsed, kind: reply.kind } }, 'chat turn');
  return { status: true, session_id: id, reply };
}

export async function chatHistory(db: Queryable, sessionId: string, patientId: string | null, now = new Date()): Promise<ChatHistory> {
  const row = UUID.test(sessionId) ? await findChatSession(db, sessionId) : null;
  if (!usableBy(row, patientId, now)) throw new NotFoundError('We could not find that conversation. It may have ended; start a new one.');
  return { status: true, session_id: row.id, messages: row.messages as ChatTurn[] };
}

/** Deletes conversations older than the retention period; returns how many. */
export function purgeOldConversations(db: Queryable, now = new Date()): Promise<number> {
  return deleteChatSessionsBefore(db, new Date(now.getTime() - CHAT_RETENTION_DAYS * 86_400_000));
}

/** Signing out forgets the patient's conversations (docs/chat.md, "Sessions"). */
export function forgetConversationsOf(db: Queryable, patientId: string): Promise<void> {
  return deleteChatSessionsOf(db, patientId);
}
