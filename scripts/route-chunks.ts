// What each page of the built web app loads before it can draw: the entry with its static imports
// (named by index.html) and the page's lazy chunk with its own static imports, read from Vite's
// manifest (dist/web/.vite/manifest.json). The first-load budget test, `npm run bench:phone` and
// the route preloader of vite.config.ts all count the same files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteModule {
  name: string;
  path: string;
  /** The page's module as the manifest names it, relative to web/ (features/home/index-page.tsx). */
  module: string;
}

export const MANIFEST = '.vite/manifest.json';

/** The routes of web/routes.tsx with the module each one loads lazily. */
export function routeModules(routesSource: string): RouteModule[] {
  const found = routesSource.matchAll(/\{ name: '([^']+)', path: '([^']+)', page: lazyPage\(\(\) => import\('\.\/([^']+)'\)\) \}/g);
  return [...found].map(([, name, path, module]) => ({ name: name!, path: path!, module: `${module}.tsx` }));
}

/** A chunk and every chunk it imports statically, each once. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

export interface RouteFiles {
  /** JavaScript the entry brings (shared by every page). */
  entry: string[];
  /** JavaScript and CSS the page adds beyond the entry. */
  page: { js: string[]; css: string[] };
}

export function routeFiles(manifest: Manifest, module: string): RouteFiles {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error("the build's manifest names no entry");
  const entryKeys = closure(manifest, entry);
  const pageKeys = [...closure(manifest, module)].filter((k) => !entryKeys.has(k));
  const entryCss = new Set([...entryKeys].flatMap((k) => manifest[k]!.css ?? []));
  return {
    entry: [...entryKeys].map((k) => manifest[k]!.file),
    page: {
      js: pageKeys.map((k) => manifest[k]!.file),
      css: [...new Set(pageKeys.flatMap((k) => manifest[k]!.css ?? []))].filter((f) => !entryCss.has(f)),
    },
  };
}

export const readManifest = (webDir: string): Manifest => JSON.parse(readFileSync(join(webDir, MANIFEST), 'utf8')) as Manifest;

const gzipBytes = (webDir: string, file: string) => gzipSync(readFileSync(join(webDir, file))).length;

/** Gzip-compressed size of built files, in KB with one decimal. */
export function gzipKB(webDir: string, files: readonly string[]): number {
  const bytes = files.reduce((sum, f) => sum + gzipBytes(webDir, f), 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

/**
 * Our scripts index.html names (`<script src>` and `<link rel="modulepreload">`): the entry, its
 * imports and the route preloader, relative to the web folder.
 */
export function indexScripts(webDir: string): string[] {
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const files = new Set<string>();
  // Attributes come in any order, so take whole tags first and read their attributes after.
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const url = tag.toLowerCase().startsWith('<script') ? attr('src') : attr('rel') === 'modulepreload' ? attr('href') : undefined;
    // Only our own files: the CSP allows no third-party scripts anyway.
    if (url && !/^[a-z]+:\/\//i.test(url)) files.add(url.split(/[?#]/)[0]!.replace(/^\//, ''));
  }
  return [...files];
}

export interface RouteFirstLoad extends RouteModule {
  /** index.html's scripts, the same for every page. */
  entryKB: number;
  /** The page's chunk and the chunks it imports beyond the entry. */
  pageKB: number;
  totalKB: number;
}

/** First-load JavaScript of every route, gzip KB. */
export function firstLoadByRoute(webDir: string, routesSource: string): RouteFirstLoad[] {
  const manifest = readManifest(webDir);
  const entryKB = gzipKB(webDir, indexScripts(webDir));
  const sizes = new Map<string, number>();
  const kb = (files: string[]) => files.reduce((s, f) => s + (sizes.get(f) ?? sizes.set(f, gzipBytes(webDir, f)).get(f)!), 0) / 1024;
  const round = (n: number) => Math.round(n * 10) / 10;
  return routeModules(routesSource).map((r) => {
    const pageKB = round(kb(routeFiles(manifest, r.module).page.js));
    return { ...r, entryKB, pageKB, totalKB: round(entryKB + pageKB) };
  });
}

/**
 * The budgets of docs/performance.md's table (`| page | \`route\` | KB |`): by route pattern, with
 * '*' for every page not named.
 */
export function budgetsOf(markdown: string): Map<string, number> {
  const rows = markdown.matchAll(/^\| [^|]+ \| `([^`]+)` \| (\d+(?:\.\d+)?) \|$/gm);
  return new Map([...rows].map(([, route, kb]) => [route!, Number(kb)]));
}

/**
 * A pattern of web/routes.tsx as a regular expression's source (':x' one segment, ':x?' an optional
 * last one) and how many fixed segments it has: the page with most fixed segments wins, as
 * react-router ranks them.
 */
export function routeMatcher(path: string): { source: string; fixed: number } {
  let source = '^';
  let fixed = 0;
  for (const seg of path.split('/').filter(Boolean)) {
    if (seg.endsWith('?')) source += '(?:/[^/]+)?';
    else if (seg.startsWith(':')) source += '/[^/]+';
    else {
      source += '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      fixed++;
    }
  }
  return { source: source + '/?$', fixed };
}
