// `npm start` builds only when the sources changed since the last build it made
// (docs/decisions/0019-build-if-changed.md). The fingerprint is a hash of every build input's path
// and content, kept in dist/.build-stamp after a successful build; a missing output, a changed,
// added or deleted source, or a changed lock file or build config means building again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface BuildInputs {
  /** The repository folder; every other path is relative to it. */
  root: string;
  /** Folders whose files the build reads (tests excluded). */
  folders: string[];
  /** Single files the build reads (lock file, build configuration). */
  files: string[];
  /** Files the build must have produced. */
  outputs: string[];
  /** Where the fingerprint of the last successful build is kept. */
  stamp: string;
}

export const INPUTS: Omit<BuildInputs, 'root'> = {
  folders: ['web', 'server', 'common'],
  files: [
    'package.json',
    'package-lock.json',
    'vite.config.ts',
    // What vite.config.ts runs: the route preloader's chunk lists and the service worker's build.
    'scripts/route-chunks.ts',
    'scripts/service-worker.ts',
    'tsconfig.json',
    'tsconfig.base.json',
    'tsconfig.build.json',
  ],
  outputs: ['dist/server/main.js', 'dist/web/index.html'],
  stamp: 'dist/.build-stamp',
};

/** Test files and folders no build output comes from. */
const skipped = (name: string) => name === 'node_modules' || name.startsWith('.') || /\.test\.tsx?$/.test(name);

function listFiles(dir: string, into: string[]) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, into);
    else if (entry.isFile()) into.push(path);
  }
}

/** The hash of every input's relative path and content, in a stable order. */
export function fingerprint(inputs: BuildInputs): string {
  const paths: string[] = [];
  for (const folder of inputs.folders) listFiles(join(inputs.root, folder), paths);
  for (const file of inputs.files) if (existsSync(join(inputs.root, file))) paths.push(join(inputs.root, file));
  const hash = createHash('sha256');
  for (const path of paths.map((p) => relative(inputs.root, p).split(sep).join('/')).sort()) {
    hash.update(`${path}\0${statSync(join(inputs.root, path)).size}\0`);
    hash.update(readFileSync(join(inputs.root, path)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why a build is needed, or null when dist/ already holds the build of these sources. */
export function buildReason(inputs: BuildInputs, current = fingerprint(inputs)): string | null {
  const missing = inputs.outputs.find((o) => !existsSync(join(inputs.root, o)));
  if (missing) return `${missing} 없음`;
  const stampPath = join(inputs.root, inputs.stamp);
  if (!existsSync(stampPath)) return '빌드 기록 없음';
  if (readFileSync(stampPath, 'utf8').trim() !== current) return '소스 변경됨';
  return null;
}

/** Records that dist/ now holds the build of the sources with this fingerprint. */
export function writeStamp(inputs: BuildInputs, print: string) {
  writeFileSync(join(inputs.root, inputs.stamp), `${print}\n`);
}

function main() {
  const inputs: BuildInputs = { root: process.cwd(), ...INPUTS };
  // Taken before building: a source edited during the build makes the next start build again.
  const print = fingerprint(inputs);
  const reason = buildReason(inputs, print);
  if (reason === null) {
    console.log('소스가 바뀌지 않아 빌드를 건너뜁니다 (dist/).');
    return;
  }
  console.log(`빌드합니다: ${reason}`);
  const run = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeStamp(inputs, print);
}

// A script: importing this file (tests) must not build anything.
const invoked = process.argv[1] ? pathToFileURL(realpathSync(process.argv[1])).href : '';
if (import.meta.url === invoked) main();
