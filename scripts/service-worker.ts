// Builds the service worker (web/sw/sw.ts → dist/web/sw.js) after the web app, with the list of
// files it keeps from the start (decision 36): the scripts and styles index.html names, the home
// page's chunk (the installed app starts there), the offline page and the site's marks. Hashed
// files are named by their hash; the others carry a hash of their content as the revision, so a
// new build with the same files leaves the browser's copies alone.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { indexScripts, readManifest, routeFiles } from './route-chunks.js';

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The start page's module as the build's manifest names it. */
const HOME_PAGE = 'features/home/index-page.tsx';
/** Files of web/public kept too (the offline page shows the favicon). */
const PUBLIC_FILES = ['offline.html', 'offline.js', 'favicon.svg', 'logo.svg'];

export function precacheEntries(webDir: string): PrecacheEntry[] {
  const manifest = readManifest(webDir);
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const styles = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/([^"]+)"/g)].map((m) => m[1]!);
  const home = manifest[HOME_PAGE] ? routeFiles(manifest, HOME_PAGE).page : { js: [], css: [] };
  const hashed = [...new Set([...indexScripts(webDir), ...styles, ...home.js, ...home.css])].filter((f) => f.startsWith('assets/'));
  const revision = (file: string) => createHash('sha256').update(readFileSync(join(webDir, file))).digest('hex').slice(0, 16);
  return [
    ...hashed.map((f) => ({ url: `/${f}`, revision: null })),
    ...PUBLIC_FILES.filter((f) => existsSync(join(webDir, f))).map((f) => ({ url: `/${f}`, revision: revision(f) })),
  ];
}

export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chalkak-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every plugin has written its files (the route preloader rewrites index.html).
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      if (!existsSync(join(outDir, 'index.html'))) return;
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        mode: 'production',
        define: {
          'self.__WB_MANIFEST': JSON.stringify(precacheEntries(outDir)),
          // Workbox's development logging goes.
          'process.env.NODE_ENV': '"production"',
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: true,
          // One classic script: every browser that has service workers runs it.
          lib: { entry: resolve(config.root, 'sw/sw.ts'), formats: ['iife'], name: 'chalkakServiceWorker', fileName: () => 'sw.js' },
        },
      });
    },
  };
}
