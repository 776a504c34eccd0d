/** What other modules may know about availability: the handler app.ts injects to hear of new open times. */
import type { Queryable, Tx } from '../../db/client';

/**
 * Called inside the transaction that made new open slots of a provider (a rule added or changed, time off given back,
 * a settings change), with their ids; the booking module tells its waitlist (decision 064). It must not fail for
 * reasons of its own: an error rolls the provider's change back.
 */
export type NewSlotsHandler = (tx: Tx, providerId: string, slotIds: number[]) => Promise<void>;

/**
 * Checks that a provider account exists in this region and throws the 404/403 the caller sees otherwise. The
 * providers module owns provider rows and this check; app.ts hands it in, so availability does not import providers
 * (providers already uses availability: an import back would close a loop, decision 023).
 */
export type ProviderAccountCheck = (db: Queryable, providerId: string, region: string) => Promise<unknown>;
