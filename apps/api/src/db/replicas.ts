import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';
import * as schema from './schema';

/** How often each replica's lag is measured. A replica in use is at most REPLICA_MAX_LAG_MS plus this behind. */
export const REPLICA_CHECK_MS = 1_000;
/** How long one lag check may take before the replica counts as not answering. */
const CHECK_TIMEOUT_MS = 2_000;
/** How long one read may wait for a replica before it is asked of the primary instead. */
const READ_TIMEOUT_MS = 15_000;

export interface ReplicaState {
  /** host:port of the replica (never its credentials): the label in logs and /metrics. */
  name: string;
  /** In use for reads: answering, a standby, and no further behind than the allowed lag. */
  inUse: boolean;
  /**
   * Last measured lag in milliseconds: how long ago the primary had written no more than the replica has replayed (0
   * when it has replayed everything written before this check); null when unknown.
   */
  lagMs: number | null;
  /** Why it is skipped, when it is. */
  reason?: string;
}

export interface ReplicaChange {
  replica: string;
  inUse: boolean;
  reason?: string;
}

interface Replica extends ReplicaState {
  pool: pg.Pool;
  /** When a read last failed on it: a check that began before that cannot vouch for it. */
  failedAt: number;
}

export interface ReadRouterOptions {
  maxLagMs: number;
  checkMs?: number;
  poolSize?: number;
  /** Named prepared statements on these connections (off behind a pooler that cannot keep them, decision 115). */
  namedStatements?: boolean;
}

/** A server's address as a label: host and port only, so a password in the URL never reaches a log or /metrics. */
export function replicaName(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}`;
  } catch {
    return 'replica';
  }
}

/**
 * Errors after which a read is retried on the primary: the replica did not answer (refused, cut, timed out, shutting
 * down), cancelled the read because replay needed its rows (a hot-standby conflict), or lacks a table or column that a
 * migration just added on the primary and it has not replayed yet. Any other error (a syntax error, a bad value) would
 * fail the same on the primary and is not retried.
 */
export function isReplicaFailure(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === 'string' && /^(08|57P0|53300|40001|42P01|42703|ECONN|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE)/.test(e.code))
    return true;
  return /Connection terminated|timeout exceeded|Query read timeout|the connection ended|Client has encountered a connection error/i.test(
    e?.message ?? '',
  );
}

/**
 * Sends public reads to streaming replicas (decision 115). Each replica has its own pool; a check every second measures
 * how far behind the primary it is, and one that lags beyond maxLagMs, is not a standby, or does not answer is skipped
 * (one warning) until a later check finds it fit again (one notice). Reads go round the replicas in use; with none, to
 * the primary. A read that fails because its replica went away is run again on the primary, so a replica's loss costs
 * the patient nothing.
 *
 * `replicaDb` and `primaryDb` are drizzle handles for reads only: they take no transactions (everything in a
 * transaction belongs to the primary), and count each statement under the target that ran it.
 */
export class ReadRouter {
  readonly replicaDb: Db;
  readonly primaryDb: Db;
  private readonly replicas: Replica[];
  private readonly reads = new Map<string, number>();
  /** The primary's write position at each recent check, oldest first. */
  private readonly samples: { at: number; lsn: bigint }[] = [];
  private next = 0;
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  private listener: (change: ReplicaChange) => void = () => undefined;
  private readonly maxLagMs: number;
  private readonly checkMs: number;

  constructor(
    private readonly primary: pg.Pool,
    urls: string[],
    opts: ReadRouterOptions,
  ) {
    this.maxLagMs = opts.maxLagMs;
    this.checkMs = opts.checkMs ?? REPLICA_CHECK_MS;
    const names = new Set<string>();
    this.replicas = urls.map((url, i) => {
      let name = replicaName(url);
      if (names.has(name)) name = `${name}#${i + 1}`;
      names.add(name);
      // A replica that stops answering without closing its connections (a frozen host) fails a read after
      // READ_TIMEOUT_MS, which is then answered by the primary.
      const pool = new pg.Pool({
        connectionString: url,
        max: opts.poolSize ?? 10,
        connectionTimeoutMillis: CHECK_TIMEOUT_MS,
        query_timeout: READ_TIMEOUT_MS,
      });
      // A replica's idle connection breaking (it stopped) must not end the process; the next check notices.
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined));
      return { name, pool, inUse: false, lagMs: null, reason: 'not checked yet', failedAt: 0 };
    });
    this.reads.set('primary', 0);
    for (const r of this.replicas) this.reads.set(r.name, 0);
    this.replicaDb = drizzlePg(new ReadPool(this, true, opts.namedStatements ?? true), { schema }) as unknown as Db;
    this.primaryDb = drizzlePg(new ReadPool(this, false, opts.namedStatements ?? true), { schema }) as unknown as Db;
  }

  /** Called when a replica is taken out of use or back in (each change once). */
  onChange(listener: (change: ReplicaChange) => void): void {
    this.listener = listener;
  }

  /** Measures every replica now, then again every checkMs. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.checkMs);
    this.timer.unref();
  }

  /** One round of lag checks (a round still running is awaited rather than doubled). */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async checkAll(): Promise<void> {
    const at = Date.now();
    try {
      const { rows } = await withTimeout(this.primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn'));
      // The insert position, not the written one: a transaction committed without waiting for its flush
      // (synchronous_commit off) is already before it.
      this.samples.push({ at, lsn: parseLsn(rows[0]!.lsn) });
      // Enough history to tell any lag up to the limit, and a little more.
      while (this.samples.length > 2 && this.samples[1]!.at < at - this.maxLagMs - 3 * this.checkMs) this.samples.shift();
    } catch {
      // The primary not answering is the primary's problem (requests fail over it anyway); replicas are still checked
      // for answering, against the history there is.
    }
    await Promise.all(this.replicas.map((r) => this.checkOne(r)));
  }

  /**
   * How far behind a replica is: the primary's write position is sampled at every check, and the replica is as old as
   * the newest sample it has replayed (0 when it has replayed the one just taken). This bounds what it may be missing
   * whether or not the primary was busy; the time of its last replayed transaction would not (after a quiet minute, the
   * first write would make any replica look a minute behind).
   */
  private lagOf(replayed: bigint): number {
    const latest = this.samples.at(-1);
    if (!latest) return 0;
    for (let i = this.samples.length - 1; i >= 0; i--) {
      const s = this.samples[i]!;
      if (s.lsn <= replayed) return s === latest ? 0 : Date.now() - s.at;
    }
    return Date.now() - this.samples[0]!.at;
  }

  private async checkOne(r: Replica): Promise<void> {
    const began = Date.now();
    try {
      const { rows } = await withTimeout(
        r.pool.query<{ standby: boolean; replayed: string | null }>(
          'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed',
        ),
      );
      const row = rows[0];
      if (!row?.standby) return this.mark(r, false, null, 'it is not a standby (promoted, or the primary itself)');
      if (!row.replayed) return this.mark(r, false, null, 'it has not replayed anything from the primary yet');
      const lag = this.lagOf(parseLsn(row.replayed));
      if (lag > this.maxLagMs) return this.mark(r, false, lag, `it lags ${lag} ms behind the primary (the limit is ${this.maxLagMs} ms)`);
      // A read failed on it while this check was under way (it was stopping as we asked): the next check decides.
      if (r.failedAt >= began) return;
      this.mark(r, true, lag);
    } catch (err) {
      this.mark(r, false, r.lagMs, `it does not answer (${(err as Error).message})`);
    }
  }

  private mark(r: Replica, inUse: boolean, lagMs: number | null, reason?: string): void {
    r.lagMs = lagMs;
    r.reason = reason;
    if (r.inUse === inUse) return;
    r.inUse = inUse;
    this.listener({ replica: r.name, inUse, reason });
  }

  /** Runs one read: on the next replica in use (when preferred and any is), else on the primary. */
  async run(config: pg.QueryConfig, values: unknown[] | undefined, preferReplica: boolean): Promise<pg.QueryResult> {
    const replica = preferReplica ? this.pick() : undefined;
    if (replica) {
      try {
        const result = await replica.pool.query(config, values);
        this.count(replica.name);
        return result;
      } catch (err) {
        if (!isReplicaFailure(err)) throw err;
        // It went away between two checks, or lacks what a migration just added: out of use until a check finds it
        // fit again, and this read is answered by the primary.
        replica.failedAt = Date.now();
        this.mark(replica, false, replica.lagMs, `a read failed on it (${(err as Error).message})`);
      }
    }
    const result = await this.primary.query(config, values);
    this.count('primary');
    return result;
  }

  private pick(): Replica | undefined {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.next + i) % n]!;
      if (r.inUse) {
        this.next = (this.next + i + 1) % n;
        return r;
      }
    }
    return undefined;
  }

  private count(target: string): void {
    this.reads.set(target, (this.reads.get(target) ?? 0) + 1);
  }

  /** Statements read per target ('primary' or a replica's name) since the start, and each replica's state. */
  stats(): { reads: Record<string, number>; replicas: ReplicaState[] } {
    return {
      reads: Object.fromEntries(this.reads),
      replicas: this.replicas.map(({ name, inUse, lagMs, reason }) => ({ name, inUse, lagMs, ...(reason ? { reason } : {}) })),
    };
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking?.catch(() => undefined);
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => undefined)));
  }
}

/**
 * The pool drizzle sees for routed reads: each statement goes through the router. It lends no connection, so a
 * transaction on it fails at once instead of spreading its statements over servers.
 */
class ReadPool extends pg.Pool {
  constructor(
    private readonly router: ReadRouter,
    private readonly preferReplica: boolean,
    /** Read by the search repository: whether it may use named prepared statements here. */
    readonly namedStatements: boolean,
  ) {
    super({ max: 1 });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(): Promise<pg.PoolClient> | void {
    return Promise.reject(new Error('Routed reads take no transactions: run a transaction on the primary (app.db).'));
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any): any {
    const text = typeof config === 'string' ? { text: config } : config;
    return this.router.run(text, values, this.preferReplica);
  }
}

/** A WAL position ('16/B374D848') as a number. */
export function parseLsn(text: string): bigint {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}
