import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aliases } from './aliases.ts';
import { bundleGuard } from './bundle-guard.ts';
import { routeChunks } from './chunks.ts';
import { precompress } from './compress-plugin.ts';

export default defineConfig({
  plugins: [react(), routeChunks(), bundleGuard(), precompress()],
  resolve: { alias: aliases },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
});
