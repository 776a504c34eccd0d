/**
 * PostgreSQL's CPU per search statement, by sort, measured on its own backend (/proc/<pid>/stat of the one connection's
 * server process), so other clients of the same server do not count — unlike perf.ts's PostgreSQL column, which adds up
 * every PostgreSQL process on the machine. Uses the careslot_perf data set of perf.ts and the statements of this checkout,
 * or of BENCH_APP_ROOT (a reference copy, see compare.ts):
 *
 *   npx tsx bench/search/statement-cpu.ts
 *   BENCH_APP_ROOT=/tmp/careslot-ref npx tsx bench/search/statement-cpu.ts
 *
 * Each shape (BENCH_SHAPES, default the bench mix: availability at 25 miles, distance at 5 and 50, fee at 10) runs as a
 * named prepared statement over UK district centroids and every speciality: 300 searches to warm up, then BENCH_N (1000).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { bundledCentroids } from '../../apps/api/src/modules/geo/geo.repository';
import type { SearchQuery } from '../../apps/api/src/modules/search/search.repository';
import { REPO_ROOT } from './servers';

const root = process.env.BENCH_APP_ROOT ?? REPO_ROOT;
const { buildSearchSql } = (await import(path.join(root, 'apps/api/src/modules/search/search.repository.ts'))) as {
  buildSearchSql: (q: SearchQuery) => SQL;
};
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = '/careslot_perf';
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
const cpuMs = () => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const specs = (await client.query<{ id: number }>(`select id from specialities where region = 'uk' order by id`)).rows.map((r) => r.id);
const places = bundledCentroids().filter((c) => c.kind === 'district');
const dialect = new PgDialect();
const N = Number(process.env.BENCH_N ?? 1000);
const shapes = (process.env.BENCH_SHAPES ?? 'availability:25,distance:5,distance:50,fee_asc:10').split(',').map((s) => s.split(':'));

console.log(`statements of ${root}`);
for (const [sort, miles] of shapes) {
  const run = async (n: number, from: number) => {
    for (let i = 0; i < n; i++) {
      const place = places[(i * 7 + from) % places.length]!;
      const q = {
        region: 'uk',
        specialityId: specs[(i * 5) % specs.length]!,
        origin: { latitude: place.latitude, longitude: place.longitude },
        radius: Number(miles) + (i % 997) / 1000,
        sort: sort as SearchQuery['sort'],
        limit: 5,
        offset: 0,
      };
      const { sql: text, params } = dialect.sqlToQuery(buildSearchSql(q));
      await client.query({ name: `statement_cpu_${sort}`, text, values: params });
    }
  };
  await run(300, 3);
  const cpu0 = cpuMs();
  const t0 = performance.now();
  await run(N, 0);
  console.log(
    `${sort} ${miles} miles: PostgreSQL CPU ${((cpuMs() - cpu0) / N).toFixed(3)} ms per search, ${((performance.now() - t0) / N).toFixed(3)} ms wall`,
  );
}
await client.end();
