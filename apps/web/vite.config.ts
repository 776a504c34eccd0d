import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenPreload } from './build/first-screen-preload';

export default defineConfig({
  plugins: [
    react(),
    // The public screens a visitor lands on: their code is requested alongside the entry chunk (docs/performance.md).
    firstScreenPreload([
      { prefix: '/', exact: true, module: 'src/features/home/routes/home-page.tsx' },
      { prefix: '/results', module: 'src/features/search/routes/results-page.tsx' },
      { prefix: '/doctor-profile/', module: 'src/features/search/routes/doctor-profile-page.tsx' },
    ]),
  ],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 700 },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/user', '/provider', '/staff', '/dev', '/sandbox', '/uploads', '/webhooks'].map((p) => [p, 'http://127.0.0.1:3000']),
    ),
  },
});
