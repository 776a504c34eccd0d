import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { ANSWERS_MARK, PAINT_FIRST_MARK, REQUEST_TIME_SCREENS, ROOT_TAG, type RequestTimeScreen } from './request-time-screens';

/** A public screen whose HTML is written at build time: its address and the file the server sends for it. */
export interface PrerenderedScreen {
  url: string;
  file: string;
  /** The screen's own files beyond the entry (its CSS is linked in the page, so the HTML is styled as it arrives). */
  files: () => string[];
  /** The first-screen script for this page, in place of index.html's (one that knows this screen only). */
  script: () => string;
}

/** A screen the API renders at request time (decision 081), and its own files beyond the entry (as above). */
export interface RequestTimeScreenFiles {
  screen: RequestTimeScreen;
  files: () => string[];
}

/** The server entry's folder in dist: the API imports render.mjs there; it is never served as a file. */
export const SERVER_DIR = 'server';

/**
 * Build step (decisions 070 and 081): after the browser build, builds build/prerender-entry.tsx for Node (same Vite
 * settings, so the same CSS module class names; everything bundled, so it runs from any copy of dist) into
 * `dist/server/render.mjs`, then
 * - renders each build-time screen and writes `dist/<file>`: index.html with the screen's HTML in #root (marked
 *   `data-prerendered="<url>"`). The API sends that file for that address (apps/api/src/plugins/web.ts); main.tsx
 *   hydrates it. index.html itself stays empty for every other address;
 * - writes the page template of each request-time screen to `dist/server/<screen>.html` (its stylesheets linked), which
 *   render.mjs fills for the API.
 */
export function prerenderScreens(screens: PrerenderedScreen[], requestTime: RequestTimeScreenFiles[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'careslot-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return; // the Node build below
      const dist = path.resolve(config.root, config.build.outDir);
      const outDir = path.join(dist, SERVER_DIR);
      await build({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        // Self-contained: the API imports it from wherever dist is (the bench serves copies of it). React's production
        // build whatever NODE_ENV the API runs with (its development build is slower and writes error stacks into the HTML).
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          ssr: path.resolve(config.root, 'build/prerender-entry.tsx'),
          outDir,
          emptyOutDir: true,
          sourcemap: false,
          copyPublicDir: false,
          rollupOptions: { output: { entryFileNames: 'render.mjs', chunkFileNames: '[name]-[hash].mjs' } },
        },
      });
      const { renderScreen } = (await import(pathToFileURL(path.join(outDir, 'render.mjs')).href)) as {
        renderScreen: (url: string) => Promise<string>;
      };
      const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
      if (!index.includes(ROOT_TAG)) throw new Error(`prerender: index.html has no ${ROOT_TAG}`);
      if (!index.includes('</head>')) throw new Error('prerender: index.html has no </head>');
      if (!index.includes('<html lang="en">')) throw new Error('prerender: index.html has no <html lang="en">');
      // A rendered page needs only its HTML and stylesheets to paint: it preloads no script, so they have the bandwidth to
      // themselves, and the first-screen script asks for the code once the page has painted (decisions 081 and 087).
      const withScreen = (files: string[], marks: string[]) =>
        index
          .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '')
          .replace('<html lang="en">', `<html lang="en" ${[PAINT_FIRST_MARK, ...marks].join(' ')}>`)
          .replace(
            '</head>',
            files
              .filter((f) => f.endsWith('.css'))
              .map((f) => `  <link rel="stylesheet" crossorigin href="/${f}">\n  `)
              .join('') + '</head>',
          );
      const script = /<script src="\/assets\/first-screen-[0-9a-f]+\.js"><\/script>/;
      if (!script.test(index)) throw new Error('prerender: index.html has no first-screen script');
      for (const screen of screens) {
        const html = await renderScreen(screen.url);
        const page = withScreen(screen.files(), [])
          .replace(script, `<script src="/${screen.script()}"></script>`)
          .replace(ROOT_TAG, `<div id="root" data-prerendered="${screen.url}">${html}</div>`);
        writeFileSync(path.join(dist, screen.file), page);
      }
      // A page rendered at request time also carries its first screen's answers.
      for (const { screen, files } of requestTime) {
        const page = withScreen(files(), [ANSWERS_MARK]);
        writeFileSync(path.join(outDir, REQUEST_TIME_SCREENS[screen]), page);
      }
    },
  };
}
