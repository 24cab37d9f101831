import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app is built into dist/web and served by the API server on the same port. In
// development (`npm run dev:web`) the calls go to the API server at PORT, as `npm run dev` uses it.
const apiPort = process.env.PORT || '3000';

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
    // web/api/*.ts is served at /api/*.ts in development too: only the server's calls are
    // proxied, never those source modules.
    proxy: { '^/api/(?![^?]*\\.tsx?(?:\\?|$))': `http://127.0.0.1:${apiPort}` },
  },
});
