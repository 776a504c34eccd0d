import { useCallback, useRef, useState } from 'react';
import type { ChatReply } from '@careslot/contracts/chat';
import { ApiError } from '../../../lib/api-client';
import { readSelectedRegion } from '../../../lib/region';
import { storageKeys } from '../../../lib/storage';
import { loadChatHistory, sendChatMessage } from '../api/chat-api';

export interface ChatEntry {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  reply?: ChatReply;
}

/** What the assistant says first, before any call (docs/chat.md). */
export const INTRO: ChatReply = {
  kind: 'answer',
  text:
    "Hello, I'm the CareSlot assistant. I can find a clinician near you — tell me what you need, a postcode or ZIP, and when — " +
    "answer questions about booking, fees and your data, and show your appointments when you are signed in. I can't give " +
    'medical advice. In an emergency call 999 in the UK or 911 in the USA.',
  suggestions: ['Find a dentist near me', 'How do fees work?', 'My appointments'],
};

let nextId = 1;

/**
 * The conversation in this tab: the session id is kept as chatbot_session (local storage, cleared at logout); whether
 * the first message was shown is held here, in memory, like the open/closed state.
 */
export function useChat() {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const initialShown = useRef(false);

  /** On first open: the earlier conversation if there is one, else the introduction. */
  const start = useCallback(async () => {
    if (initialShown.current) return;
    initialShown.current = true;
    const sessionId = localStorage.getItem(storageKeys.chatbotSession);
    if (sessionId) {
      try {
        const history = await loadChatHistory(sessionId);
        if (history.messages.length > 0) {
          setEntries(history.messages.map((m) => ({ id: nextId++, role: m.role, text: m.text, reply: m.reply })));
          return;
        }
      } catch {
        localStorage.removeItem(storageKeys.chatbotSession);
      }
    }
    setEntries([{ id: nextId++, role: 'assistant', text: INTRO.text, reply: INTRO }]);
  }, []);

  const send = useCallback(async (text: string) => {
    const message = text.trim();
    if (!message) return;
    setError(null);
    setEntries((e) => [...e, { id: nextId++, role: 'user', text: message }]);
    setSending(true);
    try {
      const res = await sendChatMessage({
        message,
        session_id: localStorage.getItem(storageKeys.chatbotSession) ?? undefined,
        selectedRegion: readSelectedRegion(),
      });
      localStorage.setItem(storageKeys.chatbotSession, res.session_id);
      setEntries((e) => [...e, { id: nextId++, role: 'assistant', text: res.reply.text, reply: res.reply }]);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The assistant could not be reached. Please try again.');
    } finally {
      setSending(false);
    }
  }, []);

  return { entries, sending, error, start, send };
}
