import type { FastifyBaseLogger } from 'fastify';
import type { StaffRole } from '@careslot/contracts/staff';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { TokenSigner } from '../../plugins/auth';

/** What the staff operations need, built once by the staff routes (decision 023). */
export interface StaffDeps {
  db: Db;
  config: Config;
  tokens: TokenSigner;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Wakes the outbox worker after a transaction that queued mail. */
  kickOutbox(): void;
}

/** The signed-in staff member behind a call, read from the database on every call, and the request it made. */
export interface StaffActor {
  id: string;
  email: string;
  role: StaffRole;
  requestId: string;
}
