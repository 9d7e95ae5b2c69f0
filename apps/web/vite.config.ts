import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aliases } from './aliases.ts';
import { bundleGuard } from './bundle-guard.ts';
import { chunkGroups, resetChunkGroups } from './chunks.ts';
import { precompress } from './compress-plugin.ts';

export default defineConfig({
  plugins: [react(), bundleGuard(), precompress(), { name: 'invigil-chunk-reset', buildStart: resetChunkGroups }],
  resolve: { alias: aliases },
  build: { sourcemap: false, chunkSizeWarningLimit: 600, rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } },
  server: { proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
});
