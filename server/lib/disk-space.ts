// DATA_DIR's free space (docs/operations.md "A full disk"). The embedded database cannot survive a
// full disk: a checkpoint or a WAL write that fails for want of space is a PANIC, after which PGlite
// spins in its next call and the process answers nothing, signals included, and a start on the full
// disk aborts. So space is looked at before the database is asked to write: on a timer (statfs),
// before every upload, and at once when a write fails with ENOSPC. Below the reserve
// (DISK_RESERVE_MB) writes and uploads are refused with a Korean 507 while reads go on, readiness
// says why, checkpoints wait, and the server does not start; once space is back it all resumes.
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { App } from './context.js';
import { HttpError } from './errors.js';

export const DISK_FULL = '서버의 저장 공간이 부족해 지금은 글을 쓰거나 파일을 올릴 수 없습니다. 읽기는 그대로 됩니다. 잠시 후 다시 시도해 주세요.';

const MB = 1024 * 1024;
/** Fewer free inodes than this counts as full too (ENOSPC comes from either). */
const MIN_FREE_INODES = 1000;
const mb = (bytes: number) => `${Math.floor(bytes / MB)} MB`;

export interface DiskState {
  low: boolean;
  freeBytes: number;
  reserveBytes: number;
}

export interface DiskWatch {
  readonly dir: string;
  /** Below the reserve at the last look (the timer's, an upload's, or a failed write's). */
  low(): boolean;
  state(): DiskState;
  /** Looks now. */
  check(): Promise<DiskState>;
  /** Looks now: room for `bytes` more without going below the reserve (an upload's largest file). */
  hasRoomFor(bytes: number): Promise<boolean>;
  /** Told of every change between low and not low, and at once of the state it is in. */
  onChange(listener: (state: DiskState) => unknown): void;
  /** A write failed for want of space: low at once, then looked at again. */
  noteFull(): void;
  stop(): void;
}

interface Space {
  freeBytes: number;
  inodesLow: boolean;
}

/** Free space (for an unprivileged writer) of the file system holding `dir` or its nearest existing parent. */
async function space(dir: string): Promise<Space> {
  for (let d = dir; ; d = dirname(d)) {
    try {
      const s = await statfs(d);
      // Some file systems report no inode count at all (files 0): only bytes count there.
      return { freeBytes: s.bavail * s.bsize, inodesLow: s.files > 0 && s.ffree < MIN_FREE_INODES };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(d) === d) throw e;
    }
  }
}

type Log = { warn(obj: object | string, msg?: string): void; info(msg: string): void };

export async function watchDisk(dir: string, opts: { reserveBytes: number; checkEveryMs: number; log: Log }): Promise<DiskWatch> {
  const { reserveBytes, log } = opts;
  const listeners: Array<(state: DiskState) => unknown> = [];
  let state: DiskState = { low: false, freeBytes: Number.POSITIVE_INFINITY, reserveBytes };
  let checking: Promise<DiskState> | null = null;

  const set = (next: DiskState) => {
    const changed = next.low !== state.low;
    state = next;
    if (!changed) return;
    if (next.low) log.warn(`${dir}: ${mb(next.freeBytes)} free, below the reserve of ${mb(reserveBytes)} (DISK_RESERVE_MB): writes and uploads are refused until space is freed`);
    else log.info(`${dir}: ${mb(next.freeBytes)} free again: writes and uploads resume`);
    for (const listener of listeners) notify(listener, next);
  };
  const notify = (listener: (state: DiskState) => unknown, s: DiskState) => {
    Promise.resolve()
      .then(() => listener(s))
      .catch((err: unknown) => log.warn({ err }, 'disk space listener failed'));
  };
  const check = () =>
    (checking ??= space(dir)
      .then(({ freeBytes, inodesLow }) => {
        set({ low: inodesLow || freeBytes < reserveBytes, freeBytes, reserveBytes });
        return state;
      })
      .catch((err: unknown) => {
        log.warn({ err }, `free space of ${dir} could not be read`);
        return state;
      })
      .finally(() => (checking = null)));

  await check();
  const timer = setInterval(() => void check(), opts.checkEveryMs);
  timer.unref();
  return {
    dir,
    low: () => state.low,
    state: () => state,
    check,
    async hasRoomFor(bytes) {
      const now = await check();
      return !now.low && now.freeBytes - bytes >= reserveBytes;
    },
    onChange(listener) {
      listeners.push(listener);
      notify(listener, state);
    },
    noteFull() {
      set({ ...state, low: true, freeBytes: 0 });
      // After a look already under way (it may have started before the write failed).
      void (checking ?? Promise.resolve()).then(check);
    },
    stop: () => clearInterval(timer),
  };
}

const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', '53100']); // 53100: PostgreSQL's disk_full
const READ_ONLY = '25006'; // read_only_sql_transaction: only the disk makes the embedded database read-only

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * True when `error` (or one it wraps) is a write refused for want of space: ENOSPC from the file
 * system, PostgreSQL's disk_full, or a write the embedded database refused while read-only because
 * the disk is low. A real shortage is noted on the watch at once.
 */
export function isDiskFull(error: unknown, disk: DiskWatch | undefined): boolean {
  const codes = codesOf(error);
  if (codes.some((c) => NO_SPACE.has(c))) {
    disk?.noteFull();
    return true;
  }
  return codes.includes(READ_ONLY) && disk?.low() === true;
}

/** The same without a watch at hand: a write that may be skipped (a session's last-seen time) skips it. */
export const refusedForSpace = (error: unknown) => codesOf(error).some((c) => NO_SPACE.has(c) || c === READ_ONLY);

/** Uploads are refused before their body is read when the file could take the disk below the reserve. */
export function refuseUploadsWhenFull(app: App, disk: DiskWatch, maxUploadBytes: number) {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (req.method === 'POST' && req.isMultipart() && !(await disk.hasRoomFor(maxUploadBytes))) {
      throw new HttpError(507, 'disk_full', DISK_FULL);
    }
  });
}

/** Readiness while the disk is low: 503 and why, in Korean (an operator's message). */
export function diskReadiness(disk: DiskWatch | undefined): { status: 'disk_full'; message: string } | null {
  if (!disk?.low()) return null;
  const { freeBytes, reserveBytes } = disk.state();
  return {
    status: 'disk_full',
    message: `데이터 폴더가 있는 디스크의 여유 공간이 ${mb(Math.max(0, freeBytes))}로 남겨 둘 저장 공간 ${mb(reserveBytes)}(DISK_RESERVE_MB)보다 적어 쓰기와 업로드를 받지 않습니다. 공간을 비우면 저절로 다시 받습니다.`,
  };
}

/** A start refused because DATA_DIR's disk is below the reserve: an operator's message, printed without a stack. */
export class DiskFullAtStartError extends Error {
  readonly code = 'DISK_FULL';
  constructor(dir: string, freeBytes: number, reserveBytes: number) {
    const more = mb(reserveBytes - freeBytes + MB - 1);
    super(
      [
        `데이터 폴더(DATA_DIR, ${dir})가 있는 디스크의 여유 공간이 ${mb(freeBytes)}뿐이라 시작하지 않았습니다. 내장 데이터베이스와 업로드가 안전하게 쓰려면 ${mb(reserveBytes)}(DISK_RESERVE_MB) 이상이 비어 있어야 합니다: ${more} 이상 비운 뒤 다시 시작하세요.`,
        `Not started: the disk holding DATA_DIR (${dir}) has ${mb(freeBytes)} free; at least ${mb(reserveBytes)} (DISK_RESERVE_MB) must be free. Free ${more} or more, then start again.`,
      ].join('\n'),
    );
    this.name = 'DiskFullAtStartError';
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return this.message;
  }
}

/** Before anything is written at start-up: refuses when DATA_DIR's disk is below the reserve. */
export async function assertRoomToStart(dir: string, reserveBytes: number): Promise<void> {
  const { freeBytes, inodesLow } = await space(dir);
  if (inodesLow || freeBytes < reserveBytes) throw new DiskFullAtStartError(dir, freeBytes, reserveBytes);
}
