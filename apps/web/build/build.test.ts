// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(path.dirname(fileURLToPath(import.meta.resolve('vite/package.json', pathToFileURL(`${web}/`).href))), 'bin/vite.js');

/** Every file under dir, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

// A developer's shell often exports NODE_ENV=development: the build (and its prerender step, which runs the built server
// entry) must still produce the production app (decision 088).
describe('web build under NODE_ENV=development', () => {
  let out: string;
  let result: ReturnType<typeof spawnSync>;

  beforeAll(() => {
    out = mkdtempSync(path.join(tmpdir(), 'careslot-web-build-'));
    result = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: web,
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
  }, 180_000);

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('succeeds and writes the prerendered home page', () => {
    expect(result.stderr).not.toContain('jsxDEV');
    expect(result.status).toBe(0);
    const home = readFileSync(path.join(out, 'home.html'), 'utf8');
    expect(home).toContain('<div id="root" data-prerendered="/">');
    expect(home).toMatch(/<h1[^>]*>/);
  });

  it('builds React production code: no development JSX runtime in any script', () => {
    const scripts = filesUnder(out).filter((f) => /\.m?js$/.test(f));
    expect(scripts.length).toBeGreaterThan(5);
    for (const f of scripts) {
      const text = readFileSync(path.join(out, f), 'utf8');
      expect(text, f).not.toContain('jsxDEV');
      expect(text, f).not.toContain('react-jsx-dev-runtime.development');
    }
  });

  it('writes brotli and gzip copies of every script and page it serves, last (the prerendered home page included)', () => {
    const files = filesUnder(out);
    for (const f of ['home.html', ...files.filter((x) => /^assets\/index-[\w-]+\.js$/.test(x))]) {
      const data = readFileSync(path.join(out, f));
      expect(brotliDecompressSync(readFileSync(path.join(out, `${f}.br`))).equals(data), f).toBe(true);
      expect(gunzipSync(readFileSync(path.join(out, `${f}.gz`))).equals(data), f).toBe(true);
    }
    expect(files.filter((f) => f.startsWith('server/') && /\.(br|gz)$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map.br'))).toEqual([]);
  });

  it('writes a server entry that renders a screen', async () => {
    const entry = (await import(pathToFileURL(path.join(out, 'server', 'render.mjs')).href)) as {
      renderScreen: (url: string) => Promise<string>;
    };
    expect(await entry.renderScreen('/')).toMatch(/<h1[^>]*>/);
  }, 60_000);
});
