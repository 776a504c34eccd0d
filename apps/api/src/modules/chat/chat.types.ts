import type { ChatReply } from '@careslot/contracts/chat';
import type { When } from './understand';

/** What a conversation remembers between turns while a search is being put together (docs/chat.md). */
export interface ChatState {
  speciality?: string;
  postcode?: string;
  /** The region of the postcode or ZIP (a ZIP means usa). */
  placeRegion?: 'uk' | 'usa';
  radius?: number;
  when?: When;
  /** The one thing the last reply asked for. */
  asked?: 'speciality' | 'place';
}

export interface TurnContext {
  message: string;
  /** The region the patient chose: it decides the emergency numbers. */
  region: 'uk' | 'usa';
  /** The signed-in patient, from the access token; never from the message. */
  patientId: string | null;
  state: ChatState;
  /** Earlier turns of this conversation only. */
  history: { role: 'user' | 'assistant'; text: string }[];
  now: Date;
}

export interface TurnResult {
  reply: ChatReply;
  state: ChatState;
}

/** An engine answers one turn; the safety layer has already run on the message and runs again on the reply. */
export interface ChatEngine {
  readonly name: 'offline' | 'llm';
  answer(ctx: TurnContext): Promise<TurnResult>;
}
