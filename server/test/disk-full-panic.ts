// Run by disk-full.test.ts in a process of its own: the embedded database PANICs (a checkpoint on a
// disk without a byte free), then what the next call and the close do. A process of its own because
// without the guard PGlite's next call spins forever and the process hears nothing: the test can
// kill it and fail instead of hanging with it. Prints one JSON line of what it saw.
import { execFileSync } from 'node:child_process';
import { statfsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';

const [disk] = process.argv.slice(2);
const failures: string[] = [];
const database = await openDatabase({ dataDir: join(disk!, 'pglite'), onFailed: (e) => failures.push(e.message) });
const { bavail, bsize } = statfsSync(disk!);
execFileSync('fallocate', ['-l', String(bavail * bsize), join(disk!, 'filler')]);
const codeOf = (e: unknown) => (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
const panic = await database.db.execute(sql`checkpoint`).then(() => null, codeOf);
let started = Date.now();
const next = await database.db.execute(sql`select 1`).then(() => 'answered', codeOf);
const nextMs = Date.now() - started;
started = Date.now();
await database.close();
console.log(JSON.stringify({ panic, failures, next, nextMs, closeMs: Date.now() - started }));
process.exit(0);
