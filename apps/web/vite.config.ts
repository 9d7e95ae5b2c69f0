import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './compress-plugin.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
});
