/** What other modules may know about availability: the handler app.ts injects to hear of new open times. */
import type { Tx } from '../../db/client';

/**
 * Called inside the transaction that made new open slots of a provider (a rule added or changed, time off given back,
 * a settings change), with their ids; the booking module tells its waitlist (decision 064). It must not fail for
 * reasons of its own: an error rolls the provider's change back.
 */
export type NewSlotsHandler = (tx: Tx, providerId: string, slotIds: number[]) => Promise<void>;
