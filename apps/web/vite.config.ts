import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
// A relative path: the config is bundled for Node, which cannot load the workspace package's TypeScript by name.
import { DEFAULT_RADIUS, MAX_RADIUS_MILES, SEARCH_SORTS } from '../../packages/contracts/src/search-params';
import { firstScreenChunk } from './build/first-screen-chunk';
import { firstScreenPreload } from './build/first-screen-preload';
import { precompress } from './build/precompress';
import { SERVER_DIR, prerenderScreens } from './build/prerender';

const HOME = 'src/features/home/routes/home-page.tsx';
const RESULTS = 'src/features/search/routes/results-page.tsx';
const PROFILE = 'src/features/search/routes/doctor-profile-page.tsx';

// The public screens a visitor lands on: their code is requested alongside the entry chunk, and their first API calls
// before it runs (docs/performance.md).
const firstScreens = firstScreenPreload(
  [
    { prefix: '/', exact: true, module: HOME },
    { prefix: '/results', module: RESULTS },
    { prefix: '/doctor-profile/', module: PROFILE },
  ],
  { defaultRadius: DEFAULT_RADIUS, maxRadius: MAX_RADIUS_MILES, sorts: SEARCH_SORTS },
);

// The modules the home screen needs beyond the entry, in one chunk (decision 085).
const homeChunk = firstScreenChunk('home-shared', HOME);

// React Router publishes its production build (developer warnings off) but its package.json only names the development
// one (remix-run/react-router#12532, #14102); the two differ only in that switch. Builds take the production one; the
// development server keeps the warnings (decision 084).
const reactRouterProduction: Plugin = {
  name: 'careslot-react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId(source) {
    return source === 'react-router' ? fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) : null;
  },
};

export default defineConfig(({ command }) => {
  // A build is a production build whatever NODE_ENV the shell holds (a developer's shell often exports `development`):
  // React's production JSX runtime and code in the browser bundle and in the prerender step alike. Vite reads NODE_ENV
  // after this function runs (its isProduction and the React plugin's JSX runtime follow it); the dev server keeps the
  // shell's value. Decision 088.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

const config: UserConfig = {
  plugins: [
    react(),
    reactRouterProduction,
    homeChunk.plugin,
    firstScreens,
    // The home page's HTML is written at build time (decision 070); the server sends home.html for `/`. The results and
    // profiles are rendered by the API at request time with the server entry built here (decision 081).
    prerenderScreens(
      [{ url: '/', file: 'home.html', files: () => firstScreens.api.filesOf(HOME), script: () => firstScreens.api.scriptOf(HOME) }],
      [
        { screen: 'results', files: () => firstScreens.api.filesOf(RESULTS) },
        { screen: 'profile', files: () => firstScreens.api.filesOf(PROFILE) },
      ],
    ),
    // Last: every text file a browser downloads, brotli (best quality) and gzip (best level) beside it (decision 089).
    precompress(SERVER_DIR),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    // No modulepreload polyfill: every browser the build targets (Baseline widely available) has modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // React Router's console warnings for developers (`warning`, `warningOnce`, `warnOnce`, unconditional even in its
      // production build) are dropped with their text: nothing uses their result (decision 084).
      treeshake: { manualPureFunctions: ['warning', 'warningOnce', 'warnOnce'] },
      // Everything the entry imports statically (React included) in one chunk: one file and one gzip stream instead of
      // two on every first load (decision 084).
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }, homeChunk.group] } },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/user', '/provider', '/staff', '/dev', '/sandbox', '/uploads', '/webhooks'].map((p) => [p, 'http://127.0.0.1:3000']),
    ),
  },
};
