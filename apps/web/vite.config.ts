import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    // The server picks the merchant from the Host header, so the proxy must keep it.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chunks the entry needs are preloaded from index.html; lazy routes fetch their own code on demand.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // bench/bundle-size.mjs reads it to measure the landing page's first load.
    manifest: true,
  },
});
