/**
 * npm run bench:cluster
 *
 * CareSlot as it scales out: 1, 2 and 4 API processes on one PostgreSQL primary behind PgBouncer in transaction mode
 * (when /usr/sbin/pgbouncer is here), with two streaming replicas for the public reads (when the server binaries are
 * here), and one Redis, behind a load balancer (haproxy when installed, else a small
 * Node proxy in this process). For each count it prints:
 * - uncached searches through the balancer: requests a second, p50 and p95 (every path distinct, so none is answered
 *   from the search memo), for BENCH_DURATION seconds (default 10) at BENCH_CONNECTIONS (default 50);
 * - 200 patients racing for 50 slots at once (four per slot): each asks for a code (which holds the slot), and those
 *   who hold one read the code from the dev mailbox, verify it, start a card checkout and pay. Printed: the bookings
 *   made (must be exactly 50, one per slot), the 5xx answers (must be 0) and the time until every patient is done;
 * - the share of routed reads the replicas served (and how they were spread), from each process's /metrics.
 *
 * Everything runs on this machine: the primary and replicas are made with initdb and pg_basebackup in a temporary folder
 * (apps/api/src/test/pg-cluster.ts; without the binaries, BENCH_DATABASE_URL's server is used with no replica), Redis
 * is a private redis-server (without one, REDIS_URL or none). BENCH_PROVIDERS (default 20,000) and BENCH_SLOTS (default
 * 400,000) size the data set; BENCH_PROCESSES (default 1,2,4) the runs; BENCH_REPLICAS (default 2) the replicas;
 * BENCH_PGBOUNCER=0 connects the processes to the primary directly.
 * The API processes run in development mode (the dev mailbox carries the codes), with warnings only and rate limits
 * scaled out of the way.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import pg from 'pg';
import { openDatabase, runMigrations } from '../../apps/api/src/db/client';
import { createSigner } from '../../apps/api/src/plugins/auth';
import {
  clusterUnavailable,
  createReplicatedDatabase,
  pgbouncerUnavailable,
  startCluster,
  startPgBouncer,
  type TestCluster,
  type TestPgBouncer,
} from '../../apps/api/src/test/pg-cluster';
import { redisServerBinary, startTestRedis, type TestRedis } from '../../apps/api/src/test/redis-server';
import { DURATION, measure, variedPaths } from '../search/common';
import { seedBench } from '../search/seed-bench';
import { API_ENV, REPO_ROOT, freePort, watchdog, type ServerChild } from '../search/servers';

const env = process.env;
const PROVIDERS = Number(env.BENCH_PROVIDERS ?? 20_000);
const SLOTS = Number(env.BENCH_SLOTS ?? 400_000);
const COUNTS = (env.BENCH_PROCESSES ?? '1,2,4').split(',').map(Number);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const REPLICAS = Number(env.BENCH_REPLICAS ?? 2);
const WITH_PGBOUNCER = env.BENCH_PGBOUNCER !== '0';
const PATIENTS = 200;
const RACE_SLOTS = 50;
const DB_NAME = 'careslot_cluster_bench';

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);
watchdog(3 * 3600);

interface Result {
  processes: number;
  rps: number;
  p50: number;
  p95: number;
  searchErrors: number;
  bookings: number;
  doubleBooked: number;
  race5xx: number;
  settleSeconds: number;
  replicaShare: string;
}

async function main() {
  const why = clusterUnavailable();
  let cluster: TestCluster | undefined;
  let redis: TestRedis | undefined;
  let bouncer: TestPgBouncer | undefined;
  let bouncerNote = '';
  const results: Result[] = [];
  try {
    let primaryUrl: string;
    let replicaUrls: string[] = [];
    if (!why) {
      cluster = await startCluster(REPLICAS);
      await createReplicatedDatabase(cluster, DB_NAME);
      primaryUrl = cluster.primary.url(DB_NAME);
      replicaUrls = cluster.replicas.map((r) => r.url(DB_NAME));
      log(`primary on port ${cluster.primary.port}, replicas on ${cluster.replicas.map((r) => r.port).join(', ') || 'none'}`);
    } else {
      log(`no servers of our own (${why}): BENCH_DATABASE_URL's server, no replica`);
      const admin = new URL(env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${DB_NAME} with (force)`);
      await c.query(`create database ${DB_NAME}`);
      await c.end();
      admin.pathname = `/${DB_NAME}`;
      primaryUrl = admin.toString();
    }
    const redisBinary = redisServerBinary();
    if (redisBinary) redis = await startTestRedis(redisBinary);
    const redisUrl = redis?.url ?? env.REDIS_URL;
    log(redisUrl ? `Redis at ${redisUrl}` : 'no Redis: each process keeps its own limits and memo');

    // The API processes reach the primary through PgBouncer in transaction mode when it is installed (decision 116).
    const noBouncer = pgbouncerUnavailable();
    let apiPrimaryUrl = primaryUrl;
    if (WITH_PGBOUNCER && !noBouncer) {
      bouncer = await startPgBouncer(Number(new URL(primaryUrl).port || 5432), 20);
      apiPrimaryUrl = bouncer.url(DB_NAME);
      bouncerNote = `PgBouncer (transaction mode, 20 server connections)`;
    } else bouncerNote = `no PgBouncer${WITH_PGBOUNCER ? ` (${noBouncer})` : ''}`;
    log(bouncerNote);
    const database = await openDatabase({ databaseUrl: primaryUrl, poolSize: 10 });
    try {
      await runMigrations(database);
      log(`seeding ${PROVIDERS} providers and ${SLOTS} slots`);
      await seedBench(database.db, PROVIDERS, SLOTS);
    } finally {
      await database.close();
    }

    for (const [run, count] of COUNTS.entries()) {
      log(`${count} API process(es)`);
      const apis = await Promise.all(
        Array.from({ length: count }, () =>
          startApiProcess({
            ...API_ENV,
            NODE_ENV: 'development',
            OUTBOX_WORKER: 'true',
            OUTBOX_POLL_MS: '200',
            DATABASE_URL: apiPrimaryUrl,
            ...(bouncer ? { DATABASE_PREPARED_STATEMENTS: 'false' } : {}),
            ...(replicaUrls.length ? { DATABASE_REPLICA_URLS: replicaUrls.join(',') } : {}),
            ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
            ALTCHA_HMAC_KEY: 'bench-altcha-key-bench-altcha-key',
            TRUST_PROXY: '1',
          }),
        ),
      );
      const balancer = await startBalancer(apis.map((a) => a.base));
      try {
        const paths = variedPaths();
        // Warm the JIT and the buffer caches with the list's tail (the measurement starts at its head).
        await measure(balancer.base, 10, paths.slice(-1500));
        const search = await measure(balancer.base, CONNECTIONS, paths);
        log(`search: ${Math.round(search.rps)} req/s, p95 ${search.p95} ms`);
        const race = await raceForSlots(balancer.base, primaryUrl, run);
        log(`race: ${race.bookings} bookings, ${race.fiveXx} 5xx, settled in ${race.settleSeconds} s`);
        results.push({
          processes: count,
          rps: Math.round(search.rps),
          p50: search.p50,
          p95: search.p95,
          searchErrors: search.errors,
          bookings: race.bookings,
          doubleBooked: race.doubleBooked,
          race5xx: race.fiveXx,
          settleSeconds: race.settleSeconds,
          replicaShare: replicaUrls.length ? await replicaShare(apis) : 'no replica',
        });
      } finally {
        await balancer.stop();
        await Promise.all(apis.map((a) => a.stop()));
      }
    }
  } finally {
    await bouncer?.stop();
    await redis?.stop();
    await cluster?.close();
  }

  console.log(
    `\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )} at the end; balancer: ${haproxyBinary() ? 'haproxy' : 'Node proxy'}; ${REPLICAS} replica(s); ${bouncerNote}; ${DURATION} s of searches at ${CONNECTIONS} connections\n`,
  );
  console.log(
    '| API processes | search req/s | p50 ms | p95 ms | search errors | bookings (of 50 slots, 200 patients) | slots booked twice | 5xx in the race | race settled in s | reads served by the replicas |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.processes} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.searchErrors} | ${r.bookings} | ${r.doubleBooked} | ${r.race5xx} | ${r.settleSeconds} | ${r.replicaShare} |`,
    );
  const wrong = results.filter((r) => r.bookings !== RACE_SLOTS || r.doubleBooked > 0 || r.race5xx > 0);
  if (wrong.length) {
    console.error(
      `\nWRONG: ${wrong.map((r) => `${r.processes} process(es)`).join(', ')} did not book exactly ${RACE_SLOTS} slots without a 5xx`,
    );
    process.exitCode = 1;
  }
}

/** The API as a child process on a free port (same entry as bench:search's). */
async function startApiProcess(apiEnv: Record<string, string>): Promise<ServerChild> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/src/server.ts')], {
    cwd: REPO_ROOT,
    env: { PATH: env.PATH ?? '/usr/bin:/bin', HOME: env.HOME ?? '/tmp', ...apiEnv, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  track(child);
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[api ${port}] ${chunk.toString().slice(0, 500)}`));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base + '/api/health', child, 300_000);
  return { base, pid: child.pid!, stop: () => stopChild(child) };
}

const children = new Set<ChildProcess>();
function track(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killed);
}

async function waitFor(url: string, child: ChildProcess | undefined, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > end) throw new Error(`${url} did not answer within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function haproxyBinary(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim().split('\n')[0] : undefined;
}

/** haproxy (round robin, HTTP mode) in front of the API processes; a Node proxy where haproxy is not installed. */
async function startBalancer(backends: string[]): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const binary = haproxyBinary();
  if (binary) {
    const dir = mkdtempSync(path.join(tmpdir(), 'careslot-lb-'));
    const cfg = path.join(dir, 'haproxy.cfg');
    writeFileSync(
      cfg,
      [
        'global',
        '  maxconn 4096',
        'defaults',
        '  mode http',
        '  timeout connect 5s',
        '  timeout client 60s',
        '  timeout server 60s',
        '  option http-keep-alive',
        'frontend careslot',
        `  bind 127.0.0.1:${port}`,
        '  option forwardfor',
        '  default_backend api',
        'backend api',
        '  balance roundrobin',
        ...backends.map((b, i) => `  server api${i + 1} ${new URL(b).host} check inter 1s`),
        '',
      ].join('\n'),
    );
    const child = spawn(binary, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    track(child);
    await waitFor(base + '/api/health', child, 30_000);
    return {
      base,
      async stop() {
        await stopChild(child);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const target = new URL(backends[next++ % backends.length]!);
    const forwarded = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' };
    const up = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: forwarded, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { base, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

interface RaceSlot {
  providerId: string;
  providerRegion: 'uk' | 'usa';
  bookedDate: string;
  timeSlot: string;
  slotId: number;
}

/**
 * 200 patients, four for each of 50 free slots, start at once. Only the first code request per slot holds it; the
 * others are told it is taken (409). Each holder completes the booking. Answers the bookings made on those slots.
 */
async function raceForSlots(base: string, primaryUrl: string, run: number) {
  const db = new pg.Client({ connectionString: primaryUrl });
  await db.connect();
  try {
    const label = randomUUID().slice(0, 8);
    const { rows: slotRows } = await db.query<{
      id: number;
      provider_id: string;
      region: 'uk' | 'usa';
      starts_at: Date;
      time_zone: string;
    }>(
      `select s.id, s.provider_id, s.region, s.starts_at, h.time_zone
         from availability_slots s join hospitals h on h.id = s.hospital_id join providers p on p.id = s.provider_id
        where s.status = 'open' and p.bookable and p.verification_status = 'Verified' and s.region = 'uk'
          and s.starts_at > now() + interval '26 hours' and s.starts_at < now() + interval '20 days'
          and not exists (select 1 from bookings b where b.slot_id = s.id)
        order by s.id limit ${RACE_SLOTS} offset ${run * RACE_SLOTS * 3}`,
    );
    if (slotRows.length < RACE_SLOTS) throw new Error(`only ${slotRows.length} free slots to race for`);
    const slots: RaceSlot[] = slotRows.map((s) => {
      const local = DateTime.fromJSDate(s.starts_at, { zone: s.time_zone });
      return {
        slotId: s.id,
        providerId: s.provider_id,
        providerRegion: s.region,
        bookedDate: local.toFormat('dd/MM/yyyy'),
        timeSlot: local.toFormat('h:mm a'),
      };
    });
    const { rows: patients } = await db.query<{ id: string; email: string }>(
      `insert into patients (email, first_name, last_name, email_verified_at)
       select 'race-${label}-' || g || '@example.com', 'Race', 'Patient ' || g, now() from generate_series(1, ${PATIENTS}) g
       returning id, email`,
    );
    const signer = createSigner(new TextEncoder().encode(API_ENV.JWT_SECRET), 3600);
    let fiveXx = 0;
    const call = async (method: string, url: string, token: string | null, body?: unknown) => {
      const res = await fetch(base + url, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status >= 500) fiveXx++;
      const text = await res.text();
      return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
    };
    const one = async (patient: { id: string; email: string }, slot: RaceSlot) => {
      const token = await signer.signAccess({ id: patient.id, type: 'patient' });
      const attempt = {
        providerId: slot.providerId,
        providerRegion: slot.providerRegion,
        bookedDate: slot.bookedDate,
        timeSlot: slot.timeSlot,
      };
      const asked = await call('POST', `/user/user-otp-verification/${patient.id}/`, token, attempt);
      if (asked.status !== 200) return;
      let code: string | undefined;
      for (let i = 0; i < 300 && !code; i++) {
        const mail = await call('GET', `/dev/mail/messages?to=${encodeURIComponent(patient.email)}`, null);
        const found = (mail.json() as unknown as { subject: string }[]).find((m) => /verification code/.test(m.subject));
        code = found ? /^(\d{6})/.exec(found.subject)?.[1] : undefined;
        if (!code) await new Promise((r) => setTimeout(r, 100));
      }
      if (!code) throw new Error(`no code e-mailed to ${patient.email}`);
      await call('GET', `/user/user-otp-verification/${patient.id}/?otp=${code}`, token);
      const checkout = await call('POST', `/user/stripe-checkout/${patient.id}/`, token, {
        ...attempt,
        type_of_visit: 'first_visit',
        purpose_for_visit: 'Persistent lower back pain for three weeks',
        doctorDistance: '2.4',
      });
      if (checkout.status !== 200) return;
      const sessionId = checkout.json().sessionId as string;
      await call('POST', `/sandbox/stripe/checkout-sessions/${sessionId}/pay`, null, {
        card_number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        cvc: '123',
      });
    };
    const t0 = performance.now();
    await Promise.all(patients.map((p, i) => one(p, slots[i % RACE_SLOTS]!)));
    const settleSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const { rows } = await db.query<{ slot_id: number; n: number }>(
      `select slot_id, count(*)::int as n from bookings where slot_id = any($1) and status = 'Booked' group by slot_id`,
      [slots.map((s) => s.slotId)],
    );
    return {
      bookings: rows.reduce((a, r) => a + r.n, 0),
      doubleBooked: rows.filter((r) => r.n > 1).length,
      fiveXx,
      settleSeconds,
    };
  } finally {
    await db.end();
  }
}

/** Routed reads answered by replicas, as a share of all routed reads, summed over the processes' /metrics. */
async function replicaShare(apis: ServerChild[]): Promise<string> {
  let replica = 0;
  let all = 0;
  const perReplica = new Map<string, number>();
  for (const api of apis) {
    const text = await (await fetch(api.base + '/metrics')).text();
    for (const m of text.matchAll(/^careslot_db_reads_total\{target="([^"]+)"\} (\d+)/gm)) {
      all += Number(m[2]);
      if (m[1] !== 'primary') {
        replica += Number(m[2]);
        perReplica.set(m[1]!, (perReplica.get(m[1]!) ?? 0) + Number(m[2]));
      }
    }
  }
  const each = [...perReplica.entries()].map(([name, n]) => `port ${name.split(':')[1]}: ${n}`).join(', ');
  return all ? `${Math.round((replica / all) * 1000) / 10} % of ${all} (${each})` : 'no routed reads';
}

await main();
