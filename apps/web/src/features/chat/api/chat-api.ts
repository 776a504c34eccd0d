import type { ChatHistory, ChatResponse } from '@careslot/contracts/chat';
import { apiFetch } from '../../../lib/api-client';

/** The chat calls (docs/chat.md). */
export function sendChatMessage(body: { message: string; session_id?: string; selectedRegion: 'uk' | 'usa' }): Promise<ChatResponse> {
  return apiFetch<ChatResponse>('/api/chatbot/', { method: 'POST', body });
}

export function loadChatHistory(sessionId: string): Promise<ChatHistory> {
  return apiFetch<ChatHistory>(`/api/chatbot/${encodeURIComponent(sessionId)}/`);
}
