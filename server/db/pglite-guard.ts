// Keeps a full disk from killing the embedded database, and a dead one from hanging the process
// (docs/operations.md "A full disk"). While DATA_DIR's disk is below the reserve the session is
// read-only (default_transaction_read_only), so every write is refused by PostgreSQL before it
// touches a file and reads go on; checkpoints and the clean close's shutdown checkpoint wait for
// space. Should PGlite still report a PANIC (a checkpoint or WAL write that found no space, the
// disk filled by something else between two looks), its next call would spin forever inside
// WebAssembly: from then on no call reaches it, each is refused at once, and onFailed is told.
import type { PGlite } from '@electric-sql/pglite';
import type { DiskWatch } from '../lib/disk-space.js';

export interface EmbeddedGuard {
  /** PGlite reported a PANIC (or aborted): it must not be called again. */
  failed(): boolean;
  /** Whether a checkpoint (or the shutdown checkpoint of a clean close) may run now. */
  mayCheckpoint(): Promise<boolean>;
}

export function guardEmbedded(client: PGlite, disk: DiskWatch | undefined, onFailed: (error: Error) => void): EmbeddedGuard {
  let dead: Error | null = null;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const call = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      if (dead) throw unavailable(dead);
      try {
        return await call(...args);
      } catch (e) {
        if (!dead && isFatal(e)) {
          dead = e instanceof Error ? e : new Error(String(e));
          onFailed(dead);
        }
        throw e;
      }
    };
  }
  disk?.onChange(async ({ low }) => {
    if (!dead && !client.closed) await client.exec(`set default_transaction_read_only = ${low ? 'on' : 'off'}`);
  });
  return {
    failed: () => dead !== null,
    async mayCheckpoint() {
      if (dead || client.closed) return false;
      return !disk || !(await disk.check()).low;
    },
  };
}

/** PANIC or FATAL from the backend, or the WebAssembly module aborting (the error may be wrapped). */
function isFatal(error: unknown): boolean {
  for (let e = error as { severity?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.severity === 'PANIC' || e.severity === 'FATAL' || (e.name === 'RuntimeError' && /abort/i.test(String(e.message)))) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Answered as "database unavailable" (crash_shutdown): a 503 for members. */
function unavailable(after: Error): Error {
  return Object.assign(new Error(`the embedded database stopped after: ${after.message}`), { code: '57P02' });
}
