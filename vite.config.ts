import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app is built into dist/web and served by the API server on the same port.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
