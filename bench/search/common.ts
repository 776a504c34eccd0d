import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { bundledCentroids } from '../../apps/api/src/modules/geo/geo.repository';

/** utime + stime of one /proc/<pid>/stat line, in clock ticks. */
function statTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU ticks used so far by each PostgreSQL server process on this machine (Linux /proc; empty elsewhere). */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.includes('(postgres)')) ticks.set(pid, statTicks(stat));
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return ticks;
}

/**
 * CPU seconds the PostgreSQL processes used between two postgresTicks() snapshots: processes that ended in between are
 * not counted (a plain difference of sums would go negative when another client's backend exits).
 */
function postgresCpuSince(before: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of postgresTicks()) ticks += now - (before.get(pid) ?? 0);
  return ticks / 100;
}

/** Busy CPU seconds of the whole machine (all cores; /proc/stat: everything but idle and iowait); 0 without /proc. */
export function machineBusySeconds(): number {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by one process (the API server child), from /proc; 0 where /proc is missing. */
export function processCpuSeconds(pid: number): number {
  try {
    return statTicks(readFileSync(`/proc/${pid}/stat`, 'utf8')) / 100;
  } catch {
    return 0;
  }
}

export const DURATION = Number(process.env.BENCH_DURATION ?? 10);

export interface Row {
  engine: string;
  target: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** CPU per request of the server process (API or bare Fastify; with PGlite the database runs inside it too), ms. */
  serverCpuMs?: number;
  /** CPU per request of the bench process, i.e. the load generator (autocannon), ms. */
  loadCpuMs?: number;
  /** CPU per request of every PostgreSQL process on the machine, ms. */
  pgCpuMs?: number;
  /** Busy share of all cores of the machine during the row, %. */
  machineBusyPct?: number;
  /** Of that, the share no process above accounts for (other processes, the kernel's network work), %. */
  otherPct?: number;
}

/**
 * Drives `url` with autocannon from this process for DURATION seconds; `serverPid` is the server child whose CPU is counted.
 * Percentiles come from every response time (autocannon's own histogram rounds to whole milliseconds).
 */
export async function measure(
  url: string,
  connections: number,
  paths: string[],
  serverPid?: number,
): Promise<Omit<Row, 'engine' | 'target' | 'connections'>> {
  let i = 0;
  const times: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration: DURATION,
    requests: [{ setupRequest: (req: { path: string }) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  const load0 = process.cpuUsage();
  const server0 = serverPid ? processCpuSeconds(serverPid) : 0;
  const pg0 = postgresTicks();
  const busy0 = machineBusySeconds();
  const t0 = performance.now();
  const result = await instance;
  const wall = (performance.now() - t0) / 1000;
  const busy = machineBusySeconds() - busy0;
  const load = process.cpuUsage(load0);
  const serverCpu = serverPid ? processCpuSeconds(serverPid) - server0 : 0;
  const pgCpu = postgresCpuSince(pg0);
  const loadCpu = (load.user + load.system) / 1e6;
  const capacity = wall * availableParallelism();
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times.length ? Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]! * 10) / 10 : NaN;
  const total = Math.max(1, result.requests.total);
  const perRequest = (seconds: number) => Math.round(((seconds * 1000) / total) * 100) / 100;
  return {
    rps: result.requests.average,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors: result.non2xx + result.errors,
    serverCpuMs: serverPid ? perRequest(serverCpu) : undefined,
    loadCpuMs: perRequest(loadCpu),
    pgCpuMs: perRequest(pgCpu),
    machineBusyPct: Math.round((busy / capacity) * 100),
    otherPct: Math.max(0, Math.round(((busy - serverCpu - pgCpu - loadCpu) / capacity) * 100)),
  };
}

export function searchPaths(region: 'uk' | 'usa', n: number): string[] {
  const uk = bundledCentroids()
    .filter((c) => c.kind === 'district')
    .map((c) => c.postcode);
  const zips = [
    '10017',
    '02116',
    '60611',
    '77030',
    '90048',
    '94115',
    '98101',
    '33131',
    '80209',
    '85016',
    '30303',
    '19103',
    '20001',
    '48226',
    '55401',
  ];
  const specs = [
    'gp',
    'dentist',
    'orthodontics',
    'dermatology',
    'cardiology',
    'paediatrics',
    'orthopaedics',
    'gynaecology',
    'ophthalmology',
    'ent',
    'psychiatry',
    'neurology',
    'endocrinology',
    'physiotherapy',
  ];
  const radii = [5, 10, 25, 50];
  const sorts = ['distance', 'distance', 'availability', 'fee_asc'];
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const place = region === 'uk' ? uk[(k * 7) % uk.length]! : zips[k % zips.length]!;
    out.push(
      `/api/test-search/?postcode=${encodeURIComponent(place)}&specialty=${specs[(k * 5) % specs.length]}&radius=${(radii[k % radii.length]! + (k % 997) / 1000).toFixed(3)}&sort=${sorts[(k * 3) % sorts.length]}&selectedRegion=${region}&page=1`,
    );
  }
  return out;
}

/** The bench's distinct searches (every path differs, so none is answered from the 5-second memo). */
export function variedPaths(): string[] {
  return [...searchPaths('uk', 45_000), ...searchPaths('usa', 15_000)].sort(
    (a, b) => ((a.length * 31 + a.charCodeAt(40)) % 7) - ((b.length * 31 + b.charCodeAt(40)) % 7),
  );
}

export function printRows(rows: Row[]) {
  console.log(
    '\n| engine | target | connections | req/s | p50 ms | p95 ms | p99 ms | non-2xx/errors | CPU ms/req server | CPU ms/req postgres | CPU ms/req load generator | machine busy % | other % |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows)
    console.log(
      `| ${r.engine} | ${r.target} | ${r.connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.serverCpuMs ?? ''} | ${r.pgCpuMs ?? ''} | ${r.loadCpuMs ?? ''} | ${r.machineBusyPct ?? ''} | ${r.otherPct ?? ''} |`,
    );
}
