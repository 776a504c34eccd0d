/**
 * Throwaway PostgreSQL servers for tests and benches: a primary made with initdb in a temporary folder, streaming
 * replicas cloned from it with `pg_basebackup -R`, and a PgBouncer in transaction mode, each on a free port and stopped
 * by whoever started it. The server binaries are PostgreSQL 15's (PG_BIN_DIR overrides the folder). PostgreSQL refuses
 * to run as root, so as root everything runs as the `postgres` user (runuser) in a folder it owns.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './redis-server';

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const PGBOUNCER = '/usr/sbin/pgbouncer';

const asRoot = process.getuid?.() === 0;
const postgresUser = (() => {
  if (!asRoot) return undefined;
  const found = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const uid = Number(found.stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return found.status === 0 && uid > 0 ? { uid, gid } : undefined;
})();

/** Why servers cannot be made here, or undefined when they can. */
export function clusterUnavailable(): string | undefined {
  for (const tool of ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres']) {
    if (!existsSync(path.join(BIN, tool))) return `${path.join(BIN, tool)} is missing (PostgreSQL 15 server binaries)`;
  }
  if (asRoot && !postgresUser) return 'running as root and there is no postgres user to run the servers as (initdb refuses root)';
  if (asRoot && spawnSync('sh', ['-c', 'command -v runuser']).status !== 0) return 'running as root without runuser';
  return undefined;
}

/** Why PgBouncer cannot be started here, or undefined. */
export function pgbouncerUnavailable(): string | undefined {
  if (!existsSync(PGBOUNCER)) return `${PGBOUNCER} is missing (apt-get install pgbouncer)`;
  if (asRoot && !postgresUser) return 'running as root and there is no postgres user to run PgBouncer as';
  return undefined;
}

/** Runs a program (as postgres when we are root); throws with its output when it fails. */
function run(program: string, args: string[]): string {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  const done = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${program} ${args.join(' ')} failed:\n${done.stdout}\n${done.stderr}`);
  return done.stdout;
}

function ownFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'careslot-pg-'));
  if (postgresUser) chownSync(dir, postgresUser.uid, postgresUser.gid);
  return dir;
}

export interface TestServer {
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/DATABASE */
  url(database?: string): string;
  /** Stops the server: `fast` ends sessions politely, `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
}

export interface TestCluster {
  primary: TestServer;
  replicas: TestServer[];
  /** Stops every server and deletes the folder. */
  close(): Promise<void>;
}

const settings = (port: number, dir: string) =>
  [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    'shared_buffers = 32MB',
    'max_connections = 200',
    'fsync = off',
    'full_page_writes = off',
    'synchronous_commit = off',
    'wal_level = replica',
    'max_wal_senders = 10',
    'hot_standby = on',
    // Reads on a replica are not cancelled by replay for this long (a long staff report on a busy primary).
    'max_standby_streaming_delay = 30s',
    `log_min_messages = warning`,
  ].join('\n') + '\n';

function server(root: string, name: string, port: number): TestServer {
  const data = path.join(root, name);
  const log = path.join(root, `${name}.log`);
  let running = false;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async start() {
      run(path.join(BIN, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      if (!running) return;
      run(path.join(BIN, 'pg_ctl'), ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
  };
}

/** A primary and `replicaCount` streaming replicas of it, all running. */
export async function startCluster(replicaCount = 1): Promise<TestCluster> {
  const root = ownFolder();
  const servers: TestServer[] = [];
  const close = async () => {
    for (const s of [...servers].reverse()) await s.stop('immediate').catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const primaryPort = await freePort();
    run(path.join(BIN, 'initdb'), ['-D', path.join(root, 'primary'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    writeAs(path.join(root, 'primary', 'postgresql.auto.conf'), settings(primaryPort, root));
    const primary = server(root, 'primary', primaryPort);
    await primary.start();
    servers.push(primary);
    const replicas: TestServer[] = [];
    for (let i = 0; i < replicaCount; i++) {
      const port = await freePort();
      const name = `replica${i + 1}`;
      // -R writes standby.signal and primary_conninfo; the copied settings are the primary's, so the port is set again.
      run(path.join(BIN, 'pg_basebackup'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        path.join(root, name),
        '-R',
        '-X',
        'stream',
      ]);
      const conf = path.join(root, name, 'postgresql.auto.conf');
      const copied = spawnSync('cat', [conf], { encoding: 'utf8' }).stdout;
      writeAs(conf, copied + `port = ${port}\n`);
      const replica = server(root, name, port);
      await replica.start();
      servers.push(replica);
      replicas.push(replica);
    }
    return { primary, replicas, close };
  } catch (err) {
    await close();
    throw err;
  }
}

function writeAs(file: string, text: string) {
  writeFileSync(file, text);
  if (postgresUser) chownSync(file, postgresUser.uid, postgresUser.gid);
}

/** Creates a database on the primary and waits (up to 30 s) until every replica has it. */
export async function createReplicatedDatabase(cluster: TestCluster, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.primary.url() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  for (const r of cluster.replicas) {
    for (let i = 0; ; i++) {
      const c = new pg.Client({ connectionString: r.url(name) });
      try {
        await c.connect();
        await c.end();
        break;
      } catch (err) {
        await c.end().catch(() => undefined);
        if (i >= 300) throw err;
        await new Promise((res) => setTimeout(res, 100));
      }
    }
  }
}

export interface TestPgBouncer {
  port: number;
  url(database: string): string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode on a free port in front of `target` (host 127.0.0.1), every database passed through,
 * at most `poolSize` server connections per database: fewer than the app's pool, so client connections really share
 * server connections and anything that leans on session state breaks.
 */
export async function startPgBouncer(targetPort: number, poolSize = 4): Promise<TestPgBouncer> {
  const root = ownFolder();
  const port = await freePort();
  const ini = path.join(root, 'pgbouncer.ini');
  writeAs(path.join(root, 'users.txt'), '"postgres" ""\n');
  writeAs(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${targetPort}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${root}`,
      'auth_type = trust',
      `auth_file = ${path.join(root, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(root, 'pgbouncer.log')}`,
      `pidfile = ${path.join(root, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  // PgBouncer refuses root; -u makes it switch to postgres itself, so the child here is PgBouncer and stop() reaches it.
  const child: ChildProcess = spawn(PGBOUNCER, asRoot ? ['-u', 'postgres', ini] : [ini], { stdio: 'ignore' });
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: url('postgres') });
    try {
      await c.connect();
      await c.query('select 1');
      await c.end();
      break;
    } catch (err) {
      await c.end().catch(() => undefined);
      if (i >= 100 || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`PgBouncer did not start: ${(err as Error).message}`);
      }
      await new Promise((res) => setTimeout(res, 100));
    }
  }
  return {
    port,
    url,
    async stop() {
      if (child.exitCode === null) {
        await new Promise((res) => {
          child.once('exit', res);
          child.kill('SIGTERM');
        });
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
