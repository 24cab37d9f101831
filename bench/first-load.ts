// First-load JS every page shares: every script and modulepreload named by the built index.html
// (scripts/route-chunks.ts), gzip-compressed as a browser would receive it. Run alone with
// `tsx bench/first-load.ts`.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { indexScripts } from '../scripts/route-chunks.js';

export const FIRST_LOAD_TARGET_KB = 150;

export interface FirstLoad {
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  gzipKB: number;
  targetKB: number;
  met: boolean;
}

/** Null when the web app has not been built. */
export function measureFirstLoad(webDir: string): FirstLoad | null {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const files = indexScripts(webDir).map((file) => {
    const body = readFileSync(join(webDir, file));
    return { file: `/${file}`, bytes: body.length, gzipBytes: gzipSync(body).length };
  });
  const gzipKB = Math.round((files.reduce((s, f) => s + f.gzipBytes, 0) / 1024) * 10) / 10;
  return { files, gzipKB, targetKB: FIRST_LOAD_TARGET_KB, met: gzipKB <= FIRST_LOAD_TARGET_KB };
}

export function formatFirstLoad(r: FirstLoad | null): string {
  if (!r) return 'first-load JS: dist/web/index.html not found (web app not built)';
  const lines = r.files.map((f) => `  ${f.file}  ${(f.gzipBytes / 1024).toFixed(1)} KB gzip (${(f.bytes / 1024).toFixed(1)} KB raw)`);
  return [`first-load JS: ${r.gzipKB} KB gzip in ${r.files.length} file(s), target ≤ ${r.targetKB} KB: ${r.met ? 'met' : 'MISSED'}`, ...lines].join('\n');
}

const invoked = process.argv[1] ? pathToFileURL(realpathSync(process.argv[1])).href : '';
if (import.meta.url === invoked) {
  console.log(formatFirstLoad(measureFirstLoad(resolve(fileURLToPath(import.meta.url), '../../dist/web'))));
}
