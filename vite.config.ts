import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { readManifest, routeFiles, routeMatcher, routeModules } from './scripts/route-chunks.js';
import { EARLY_ANSWERS, firstCalls } from './web/api/first-calls.js';
import { serviceWorker } from './scripts/service-worker.js';

// The web app is built into dist/web and served by the API server on the same port. In
// development (`npm run dev:web`) the calls go to the API server at PORT, as `npm run dev` uses it.
const apiPort = process.env.PORT || '3000';

/**
 * Each page is a lazy chunk the entry asks for only once it has run: on a slow phone that was a
 * second's wait in a row. A small classic script, loaded beside the entry, preloads the opened
 * page's chunks and styles at once (the CSP allows no inline script, so it is a file of its own),
 * and asks for the page's first calls (web/api/first-calls.ts), whose answers web/api/call.ts takes.
 */
function routePreload(): Plugin {
  return {
    name: 'chalkak-route-preload',
    apply: 'build',
    enforce: 'post',
    writeBundle(options) {
      const outDir = options.dir!;
      const manifest = readManifest(outDir);
      const files: string[] = [];
      const index = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
      // Administration pages are left out: every visitor downloads this list.
      const pages = routeModules(readFileSync(resolve(import.meta.dirname, 'web/routes.tsx'), 'utf8')).filter((r) => !r.path.startsWith('/system'));
      const routes = pages.map((r) => {
        const { source, fixed } = routeMatcher(r.path);
        const { page } = routeFiles(manifest, r.module);
        return [source, fixed, [...page.js, ...page.css].map(index)];
      });
      // The calls first (the server's answer takes longest), unless the app has begun already.
      const script = `(function(){var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},p=location.pathname,b,w=window,k=${JSON.stringify(EARLY_ANSWERS)};
if(!w[k]){var a={};w[k]={at:Date.now(),answers:a};(${firstCalls.toString()})(p,location.search).forEach(function(c){var d=JSON.stringify(c[1]);
a[c[0]+' '+d]=fetch(c[0],{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json',accept:'application/json'},body:d}).catch(function(){return null})})}
for(var i=0;i<r.length;i++)if((!b||r[i][1]>b[1])&&new RegExp(r[i][0]).test(p))b=r[i];
if(b)b[2].forEach(function(n){var l=document.createElement('link');if(/\\.css$/.test(f[n])){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.crossOrigin='';l.href='/'+f[n];document.head.appendChild(l)})})();
`;
      const name = `assets/route-preload-${createHash('sha256').update(script).digest('base64url').slice(0, 8)}.js`;
      writeFileSync(join(outDir, name), script);
      const htmlFile = join(outDir, 'index.html');
      const html = readFileSync(htmlFile, 'utf8');
      writeFileSync(htmlFile, html.replace(/(\s*)<script type="module"/, `$1<script async src="/${name}"></script>$1<script type="module"`));
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), routePreload(), serviceWorker()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the route preloader above and the first-load budget test (scripts/route-chunks.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer files before the first paint, each a request in a row (six at a time over
        // HTTP/1.1, 150 ms apiece on a slow phone): what the entry imports in one chunk (left to
        // itself the bundler split off the Korean texts, the call helper, the JSX runtime…), and
        // the small chunks pages share copied into each page instead (a post view's scripts and
        // styles were 46 files, now 10).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }], experimentalInlineCommonChunks: { maxSize: 8192 } },
      },
    },
  },
  server: {
    port: 5173,
    // web/api/*.ts is served at /api/*.ts in development too: only the server's calls are
    // proxied, never those source modules.
    proxy: { '^/api/(?![^?]*\\.tsx?(?:\\?|$))': `http://127.0.0.1:${apiPort}` },
  },
});
