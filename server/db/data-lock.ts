// One process at a time per embedded database folder. Before PGlite opens DATA_DIR/pglite, the
// opener takes an exclusive OS lock (an fcntl open-file-description lock, through
// fs-native-extensions) on `chalkak.lock` inside it and writes who it is into that file. The kernel
// drops the lock when the holder exits in any way, kill -9 included, so a crash never leaves the
// folder locked. Why this and not a PID file or a lock directory: docs/decisions/0014-data-folder-lock.md.
import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative } from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';
import { object } from '../../common/korean.js';

export const LOCK_FILE = 'chalkak.lock';

/** What the holder wrote about itself, shown to whoever is refused. */
export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(lockedMessage(dataDir, holder));
    this.name = 'DataDirLockedError';
  }

  /** An operator's message, not a bug: `console.error(e)` in the entry points prints it without a stack. */
  [Symbol.for('nodejs.util.inspect.custom')]() {
    return this.message;
  }
}

export interface DataDirLock {
  /** Lets the next process in. Called after the database is closed; exiting releases it too. */
  release(): void;
}

/** Takes the folder's lock or throws DataDirLockedError naming the process that holds it. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE);
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  let granted = false;
  try {
    granted = tryLock(fd);
  } finally {
    if (!granted) closeSync(fd);
  }
  if (!granted) throw new DataDirLockedError(dataDir, await readHolder(path));

  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify(describeSelf()) + '\n', 0);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // Emptied while still held, so the next holder never finds a stale description.
      try {
        ftruncateSync(fd, 0);
      } finally {
        unlock(fd);
        closeSync(fd);
      }
    },
  };
}

function describeSelf(): LockHolder {
  const args = [...process.execArgv, ...process.argv.slice(1).map((a) => (a.startsWith('/') ? relative(process.cwd(), a) || a : a))];
  return {
    pid: process.pid,
    host: hostname(),
    command: ['node', ...args].join(' ').slice(0, 200),
    startedAt: new Date().toISOString(),
  };
}

/** The holder writes right after locking; a refused opener that reads in between tries once more. */
async function readHolder(path: string): Promise<LockHolder | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const holder = JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
      if (typeof holder.pid === 'number') return holder;
    } catch {
      // empty (being written) or unreadable (a platform where the lock also blocks reading)
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

export function lockedMessage(dataDir: string, holder: LockHolder | null): string {
  const host = holder && holder.host !== hostname() ? ` @ ${holder.host}` : '';
  const ko = holder ? `PID ${holder.pid}${host} (${holder.command}, ${holder.startedAt} 시작)` : 'PID 알 수 없음';
  const en = holder ? `PID ${holder.pid}${host} (${holder.command}, started ${holder.startedAt})` : 'PID unknown';
  const stop = holder && !host ? ` (kill ${holder.pid})` : '';
  return [
    `내장 데이터베이스 폴더 ${object(dataDir)} 다른 프로세스가 사용 중입니다: ${ko}.`,
    `두 프로세스가 한 폴더를 열면 데이터가 사라지거나 망가지므로 열지 않았습니다. 그 프로세스(실행 중인 사이트)를 먼저 멈추세요${stop}.`,
    '데모 데이터는 사이트를 멈춘 뒤 `npm run seed:demo`를 실행하고 사이트를 다시 시작하면 들어갑니다.',
    `The embedded database folder ${dataDir} is in use by another process: ${en}.`,
    `Two processes on one folder lose or corrupt data, so it was not opened. Stop that process (the running site) first${stop}.`,
    'To add the demo data, stop the site, run `npm run seed:demo`, then start the site again.',
  ].join('\n');
}
