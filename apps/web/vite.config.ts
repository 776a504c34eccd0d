import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 700 },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/user', '/provider', '/staff', '/dev', '/sandbox', '/uploads', '/webhooks'].map((p) => [p, 'http://127.0.0.1:3000']),
    ),
  },
});
