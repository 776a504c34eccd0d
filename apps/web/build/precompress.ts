import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** What the build compresses: the text a browser downloads (never source maps, which only developer tools ask for). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below this, compression saves nothing worth a second file (the API's on-the-fly threshold too). */
export const PRECOMPRESS_THRESHOLD = 1024;

/** Brotli at its best quality, with the file's size as a hint; the text mode suits scripts, styles and HTML. */
export const brotliBest = (data: Buffer) =>
  brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
/** Gzip at its best level: the fallback for a client that does not accept brotli. */
export const gzipBest = (data: Buffer) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION });

function filesUnder(dir: string, skip: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !f.startsWith(skip + path.sep));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of dist (except the server entry's folder, which is
 * never served), each only when smaller than the file. The API serves them as they are (@fastify/static
 * `preCompressed`), chosen by the request's Accept-Encoding, so a browser receives the smallest bytes the build can make
 * instead of what a fast on-the-fly setting gives (decision 089). Answers how many files it compressed.
 */
export function precompressDir(dist: string, serverDir: string): number {
  let count = 0;
  for (const file of filesUnder(dist, path.join(dist, serverDir))) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < PRECOMPRESS_THRESHOLD) continue;
    const data = readFileSync(file);
    for (const [ext, compress] of [
      ['.br', brotliBest],
      ['.gz', gzipBest],
    ] as const) {
      const packed = compress(data);
      if (packed.length < data.length) writeFileSync(file + ext, packed);
    }
    count++;
  }
  return count;
}

/**
 * Build step, last of all (after the prerender step has written the home page): precompresses dist (see
 * `precompressDir`). Sequential and `post`, so it runs once every other plugin's closeBundle has finished.
 */
export function precompress(serverDir: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'careslot-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (config.build.ssr) return; // the prerender step's Node build
        precompressDir(path.resolve(config.root, config.build.outDir), serverDir);
      },
    },
  };
}
