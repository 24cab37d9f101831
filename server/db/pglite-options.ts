// How the embedded database (PGlite) is started and created, kept small in memory
// (docs/performance.md, "Memory of an idle embedded site").
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's own start parameters plus a 32 MB buffer pool instead of PostgreSQL's 128 MB: the pool
 * lives inside PGlite's WebAssembly memory, which never shrinks, and the files under it are
 * cached by the operating system anyway.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
} satisfies PGliteOptions;

/** PostgreSQL writes this file into a data folder it has created. */
export const isCreated = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

// Runs as a CommonJS script in a child process that loads nothing but PGlite.
const CREATE = `
const [pglite, dataDir, options] = process.argv.slice(1);
require(pglite).PGlite.create(dataDir, JSON.parse(options)).then((db) => db.close());
`;

/**
 * Creates the database in an empty folder in a short-lived child process. Created in the
 * server's own process, PGlite's initdb leaves about 450 MB of WebAssembly memory and buffers
 * behind that the garbage collector of an idle server may never collect (and a worker thread
 * still leaves about 100 MB of native heap). The caller holds the folder's lock. Returns false
 * when the folder already holds a database.
 */
export async function createDataDirInChild(dataDir: string): Promise<boolean> {
  if (isCreated(dataDir)) return false;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const child = spawn(process.execPath, ['-e', CREATE, pglite, dataDir, JSON.stringify(PGLITE_OPTIONS)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !isCreated(dataDir)) {
    throw new Error(`creating the embedded database in ${dataDir} failed (exit ${code}): ${stderr.trim().slice(-2000)}`);
  }
  return true;
}
