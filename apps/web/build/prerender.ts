import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** A public screen whose HTML is written at build time: its address and the file the server sends for it. */
export interface PrerenderedScreen {
  url: string;
  file: string;
  /** The screen's own files beyond the entry (its CSS is linked in the page, so the HTML is styled as it arrives). */
  files: () => string[];
}

const ROOT_TAG = '<div id="root"></div>';

/**
 * Build step (decision 070): after the browser build, builds build/prerender-entry.tsx for Node (same Vite settings, so
 * the same CSS module class names), renders each screen and writes `dist/<file>`: index.html with the screen's HTML in
 * #root (marked `data-prerendered="<url>"`). The API sends that file for that address (apps/api/src/plugins/web.ts);
 * main.tsx hydrates it. index.html itself stays empty for every other address.
 */
export function prerenderScreens(screens: PrerenderedScreen[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'careslot-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return; // the Node build below
      // Under node_modules, so Node finds React and the router there when it imports the result.
      const outDir = path.resolve(config.root, 'node_modules/.careslot-prerender');
      await build({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: path.resolve(config.root, 'build/prerender-entry.tsx'),
          outDir,
          emptyOutDir: true,
          sourcemap: false,
          copyPublicDir: false,
          rollupOptions: { output: { entryFileNames: 'prerender-entry.mjs' } },
        },
      });
      try {
        const { renderScreen } = (await import(pathToFileURL(path.join(outDir, 'prerender-entry.mjs')).href)) as {
          renderScreen: (url: string) => Promise<string>;
        };
        const dist = path.resolve(config.root, config.build.outDir);
        const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
        if (!index.includes(ROOT_TAG)) throw new Error(`prerender: index.html has no ${ROOT_TAG}`);
        for (const screen of screens) {
          const html = await renderScreen(screen.url);
          const css = screen
            .files()
            .filter((f) => f.endsWith('.css'))
            .map((f) => `  <link rel="stylesheet" crossorigin href="/${f}">\n  `)
            .join('');
          if (!index.includes('</head>')) throw new Error('prerender: index.html has no </head>');
          // Here the paint needs only the HTML and the stylesheets: the scripts (run after the first paint anyway) are
          // fetched at low priority, so they do not take the bandwidth the stylesheets need first.
          const page = index
            .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=')
            .replace('</head>', `${css}</head>`)
            .replace(ROOT_TAG, `<div id="root" data-prerendered="${screen.url}">${html}</div>`);
          writeFileSync(path.join(dist, screen.file), page);
        }
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}
