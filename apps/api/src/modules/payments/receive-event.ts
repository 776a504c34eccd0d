import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client';
import { eventSeen, recordEvent } from './payments.repository';
import type { GatewayEvent, PaymentEventHandler } from './payments.types';

export interface ReceiveEventDeps {
  db: Queryable;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Booking's settle path (decision 011), injected by app.ts. */
  settle: PaymentEventHandler;
}

/**
 * A verified gateway notification (webhook, or the sandbox's own delivery). Replays are recognised by event id and
 * change nothing; the event is recorded after settling, so a crash in between is retried by the gateway.
 */
export async function receivePaymentEvent(deps: ReceiveEventDeps, event: GatewayEvent): Promise<void> {
  if (!event.externalId || event.type === 'other') return;
  if (await eventSeen(deps.db, event.gateway, event.eventId)) return;
  const found = await deps.settle(event);
  if (!found) deps.log.warn({ gateway: event.gateway, eventId: event.eventId }, 'payment event for an unknown payment');
  await recordEvent(deps.db, event);
}
