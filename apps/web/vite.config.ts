import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// A relative path: the config is bundled for Node, which cannot load the workspace package's TypeScript by name.
import { DEFAULT_RADIUS, MAX_RADIUS_MILES, SEARCH_SORTS } from '../../packages/contracts/src/search-params';
import { firstScreenPreload } from './build/first-screen-preload';
import { prerenderScreens } from './build/prerender';

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

export default defineConfig({
  plugins: [
    react(),
    firstScreens,
    // The home page's HTML is written at build time (decision 070); the server sends home.html for `/`. The results and
    // profiles are rendered by the API at request time with the server entry built here (decision 081).
    prerenderScreens(
      [{ url: '/', file: 'home.html', files: () => firstScreens.api.filesOf(HOME) }],
      [
        { screen: 'results', files: () => firstScreens.api.filesOf(RESULTS) },
        { screen: 'profile', files: () => firstScreens.api.filesOf(PROFILE) },
      ],
    ),
  ],
  // No modulepreload polyfill: every browser the build targets (Baseline widely available) has modulepreload.
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 700, modulePreload: { polyfill: false } },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/user', '/provider', '/staff', '/dev', '/sandbox', '/uploads', '/webhooks'].map((p) => [p, 'http://127.0.0.1:3000']),
    ),
  },
});
