/**
 * npm run bench:web
 *
 * Lighthouse (npm `lighthouse` 12.x, mobile preset: Moto G Power-class screen, simulated slow 4G and 4x CPU slowdown) on the
 * three public screens a patient meets first — `/`, `/results?…` and `/doctor-profile/{id}/{distance}` — of the built app,
 * served as `npm start` serves it (apps/api/dist/server.js, default settings, demo seed) on 127.0.0.1 and a free port with a
 * temporary DATA_DIR. Chromium: CHROME_PATH, else /usr/bin/chromium (as the journeys find it).
 *
 * Prints per screen the median of BENCH_WEB_RUNS runs (default 3) of the performance score, FCP, LCP, TBT, CLS (and its
 * largest run), the accessibility score (the lowest run, with the audits that failed) and the
 * JavaScript the page loaded — gzip -6 of each script file, split into the first load (requested before the load event)
 * and later (idle, on demand), and what Chromium received (brotli) — plus the 1-minute load average at the start and end
 * of every run; summary.json lists each script with the time it was requested. Reports (HTML) and a summary.json go to bench/results/web/<time>/ (git-ignored).
 *
 * Settings (environment):
 *   BENCH_WEB_RUNS=3          runs per screen and build
 *   BENCH_WEB_SKIP_BUILD=1    use the existing build (otherwise `npm run build` first)
 *   BENCH_WEB_DISTS=a=/path,b=/path   measure several builds of the web app side by side (one server each, runs
 *                             interleaved a, b, a, b … so the machine's load falls on both alike); default: apps/web/dist
 *   BENCH_WEB_SCREENS=home,results,profile   which screens
 *   BENCH_WEB_START_TIMEOUT_MS=180000   how long each server may take to start (migrate and seed)
 *   BENCH_WEB_RESULTS_QUERY   the /results query (default postcode=SW1A 1AA&specialty=gp&radius=10&page=1&region=uk, as
 *                             the app's own search form writes it)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const RUNS = Number(env.BENCH_WEB_RUNS ?? 3);
const SCREENS = (env.BENCH_WEB_SCREENS ?? 'home,results,profile').split(',');
/** How long a server may take to migrate, seed and answer (a busy machine needs more than the default). */
const START_TIMEOUT_MS = Number(env.BENCH_WEB_START_TIMEOUT_MS ?? 180_000);
const RESULTS_QUERY = env.BENCH_WEB_RESULTS_QUERY ?? 'postcode=SW1A 1AA&specialty=gp&radius=10&page=1&region=uk';
const DISTS: [string, string][] = env.BENCH_WEB_DISTS
  ? env.BENCH_WEB_DISTS.split(',').map((s) => {
      const [label, dir] = s.split('=');
      return [label!, path.resolve(dir!)];
    })
  : [['build', path.join(ROOT, 'apps/web/dist')]];

const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);
const load1 = () => loadavg()[0]!.toFixed(2);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

interface Server {
  label: string;
  dist: string;
  base: string;
  child: ChildProcess;
  dataDir: string;
}
const servers: Server[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
let lighthouseVersion = '?';
let chromeVersion = '?';

async function cleanup() {
  try {
    // chrome-launcher 1.x: kill() is synchronous in some versions and returns a promise in others.
    await Promise.resolve(chrome?.kill());
  } catch {
    // already gone
  }
  for (const s of servers) {
    if (s.child.exitCode === null) {
      s.child.kill('SIGTERM');
      await new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)));
    }
    rmSync(s.dataDir, { recursive: true, force: true });
  }
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void cleanup().finally(() => process.exit(130)));

async function startServer(label: string, dist: string): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'careslot-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // As `npm start` runs it (default NODE_ENV, demo seed), except: a temporary DATA_DIR, this port, quiet logs, the search
  // budget per IP raised (every Lighthouse run comes from 127.0.0.1) and no mail worker.
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      OUTBOX_WORKER: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const server = { label, dist, base, child, dataDir };
  servers.push(server);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become healthy in time');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return server;
}

/** The first result of the results screen's search: its profile is the third screen. */
async function profilePath(base: string): Promise<string> {
  const q = new URLSearchParams(RESULTS_QUERY);
  q.set('selectedRegion', 'uk');
  const res = await fetch(`${base}/api/test-search/?${q}`);
  const body = (await res.json()) as { data?: { id: string; distance: number }[] };
  const first = body.data?.[0];
  if (!first) throw new Error(`the search ${RESULTS_QUERY} found nobody (status ${res.status})`);
  return `/doctor-profile/${first.id}/${first.distance}?region=uk`;
}

interface RunFigures {
  /** Lighthouse could not measure this run (e.g. NO_NAVSTART on a busy machine): left out of the medians. */
  failed?: string;
  score: number;
  /** Lighthouse's accessibility score, and the audits that failed. */
  a11y: number;
  a11yFailed: string[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Every script file requested while Lighthouse watched (gzip -6 bytes, count). */
  jsGzip: number;
  jsTransfer: number;
  scripts: number;
  /** The first load: scripts whose request started before the page's load event; the rest came later (idle, on demand). */
  jsFirst: number;
  scriptsFirst: number;
  jsLater: number;
  scriptsLater: number;
  /** Each script: file, gzip bytes, when requested (ms from navigation) and whether it counts as first load. */
  scriptList: { file: string; gzip: number; at: number; first: boolean }[];
  benchmarkIndex: number;
  loadStart: string;
  loadEnd: string;
}

function gzipOfScript(dist: string, url: string): number {
  const file = path.join(dist, new URL(url).pathname);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 6 }).length : 0;
}

async function runOnce(server: Server, url: string, reportBase: string): Promise<RunFigures> {
  const loadStart = load1();
  const result = await lighthouse(url, {
    port: chrome!.port,
    output: 'html',
    onlyCategories: ['performance', 'accessibility'],
    logLevel: 'error',
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  lighthouseVersion = lhr.lighthouseVersion;
  chromeVersion = lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?';
  writeFileSync(`${reportBase}.html`, result.report as string);
  const a = lhr.audits;
  type Item = { url: string; resourceType?: string; transferSize?: number; networkRequestTime?: number; startTime?: number };
  const items = ((a['network-requests']?.details as { items?: Item[] })?.items ?? []) as Item[];
  const scripts = items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(server.base));
  // The load event as Lighthouse observed it (ms from navigation start; network request times count from the first request,
  // the document's, which starts at navigation).
  const observed = (a['metrics']?.details as { items?: { observedLoad?: number }[] } | undefined)?.items?.[0];
  const loadAt = observed?.observedLoad ?? Infinity;
  const scriptList = scripts.map((i) => {
    const at = i.networkRequestTime ?? i.startTime ?? 0;
    return { file: new URL(i.url).pathname, gzip: gzipOfScript(server.dist, i.url), at: Math.round(at), first: at < loadAt };
  });
  const sum = (xs: { gzip: number }[]) => xs.reduce((t, x) => t + x.gzip, 0);
  if (lhr.runtimeError) log(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    failed: lhr.runtimeError?.code,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    a11yFailed: (lhr.categories.accessibility?.auditRefs ?? []).filter((r) => r.weight > 0 && a[r.id]?.score === 0).map((r) => r.id),
    fcp: a['first-contentful-paint']?.numericValue ?? NaN,
    lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: a['total-blocking-time']?.numericValue ?? NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
    si: a['speed-index']?.numericValue ?? NaN,
    jsGzip: sum(scriptList),
    jsTransfer: scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0),
    scripts: scripts.length,
    jsFirst: sum(scriptList.filter((x) => x.first)),
    scriptsFirst: scriptList.filter((x) => x.first).length,
    jsLater: sum(scriptList.filter((x) => !x.first)),
    scriptsLater: scriptList.filter((x) => !x.first).length,
    scriptList,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    loadStart,
    loadEnd: load1(),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((p, q) => p - q);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  if (env.BENCH_WEB_SKIP_BUILD !== '1' && !env.BENCH_WEB_DISTS) {
    log('npm run build');
    const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const outDir = path.join(ROOT, 'bench/results/web', new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(outDir, { recursive: true });
  log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [label, dist] of DISTS) {
    const s = await startServer(label, dist);
    log(`${label}: ${dist} served at ${s.base}`);
  }
  const chromePath = env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const urls = new Map<Server, Record<string, string>>();
  for (const s of servers) {
    const screens = {
      home: '/',
      results: `/results?${RESULTS_QUERY.replace(/ /g, '%20')}`,
      profile: SCREENS.includes('profile') ? await profilePath(s.base) : '',
    };
    urls.set(s, screens);
    // Every build is served by this checkout's API build; whether a screen's HTML comes rendered (at build time for `/`,
    // at request time for the others when the build has a server entry, decision 081) depends on the web build alone.
    const kinds: string[] = [];
    for (const [screen, url] of Object.entries(screens)) {
      if (!url) continue;
      const html = await (await fetch(`${s.base}${url}`)).text();
      kinds.push(
        `${screen} ${/<div id="root" data-prerendered=/.test(html) ? (/data-answers/.test(html) ? 'rendered at request time' : 'build-time HTML') : 'empty index.html'}`,
      );
    }
    log(`${s.label}: ${kinds.join(', ')}`);
  }
  const figures = new Map<string, RunFigures[]>();
  for (let run = 1; run <= RUNS; run++) {
    for (const screen of SCREENS) {
      for (const s of servers) {
        const p = urls.get(s)![screen]!;
        const f = await runOnce(s, s.base + p, path.join(outDir, `${s.label}-${screen}-${run}`));
        const key = `${s.label}\t${screen}`;
        figures.set(key, [...(figures.get(key) ?? []), f]);
        log(
          `run ${run} ${s.label} ${screen}: score ${f.score}, FCP ${(f.fcp / 1000).toFixed(2)} s, LCP ${(f.lcp / 1000).toFixed(2)} s, ` +
            `TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}, accessibility ${f.a11y}` +
            `${f.a11yFailed.length ? ` (failed: ${f.a11yFailed.join(', ')})` : ''}, JS first load ${(f.jsFirst / 1024).toFixed(1)} KB gzip ` +
            `(${f.scriptsFirst} files), later ${(f.jsLater / 1024).toFixed(1)} KB (${f.scriptsLater}), ` +
            `benchmarkIndex ${Math.round(f.benchmarkIndex)}, load ${f.loadStart} → ${f.loadEnd}`,
        );
      }
    }
  }
  console.log(`\nMedians of ${RUNS} runs (Lighthouse ${lighthouseVersion}, mobile preset, Chromium ${chromeVersion}):\n`);
  console.log(
    '| build | screen | performance | FCP s | LCP s | TBT ms | CLS (largest) | accessibility (lowest) | JS first load KB (files) | JS later KB (files) | JS received KB | load avg (runs) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const summary: Record<string, unknown>[] = [];
  for (const [key, all] of figures) {
    const [label, screen] = key.split('\t');
    const fs = all.filter((f) => !f.failed);
    if (fs.length === 0) {
      console.log(`| ${label} | ${screen} | every run failed: ${all.map((f) => f.failed).join(', ')} |`);
      continue;
    }
    const m = (k: keyof RunFigures) => median(fs.map((f) => f[k] as number));
    const row = {
      build: label,
      screen,
      path: urls.get(servers.find((s) => s.label === label)!)![screen!],
      score: m('score'),
      fcp: m('fcp'),
      lcp: m('lcp'),
      tbt: m('tbt'),
      cls: m('cls'),
      clsLargest: Math.max(...fs.map((f) => f.cls)),
      a11yLowest: Math.min(...fs.map((f) => f.a11y)),
      a11yFailed: [...new Set(fs.flatMap((f) => f.a11yFailed))],
      jsGzip: m('jsGzip'),
      jsTransfer: m('jsTransfer'),
      scripts: m('scripts'),
      jsFirst: m('jsFirst'),
      scriptsFirst: m('scriptsFirst'),
      jsLater: m('jsLater'),
      scriptsLater: m('scriptsLater'),
      runs: all,
      failedRuns: all.length - fs.length,
    };
    summary.push(row);
    console.log(
      `| ${label} | ${screen} | ${row.score} | ${(row.fcp / 1000).toFixed(2)} | ${(row.lcp / 1000).toFixed(2)} | ${Math.round(row.tbt)} | ` +
        `${row.cls.toFixed(3)} (${row.clsLargest.toFixed(3)}) | ${row.a11yLowest}${row.a11yFailed.length ? ` (${row.a11yFailed.join(', ')})` : ''} | ${(row.jsFirst / 1024).toFixed(1)} (${row.scriptsFirst}) | ${(row.jsLater / 1024).toFixed(1)} (${row.scriptsLater}) | ` +
        `${(row.jsTransfer / 1024).toFixed(1)} | ` +
        `${fs.map((f) => f.loadStart).join(', ')}${all.length > fs.length ? ` (${all.length - fs.length} failed run left out)` : ''} |`,
    );
  }
  writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ at: new Date().toISOString(), dists: DISTS, summary }, null, 2));
  log(`reports: ${path.relative(ROOT, outDir)}`);
}

try {
  await main();
} finally {
  await cleanup();
}
