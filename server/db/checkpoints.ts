// PGlite runs PostgreSQL as a single-user backend without the checkpointer process, so it never
// checkpoints by itself (neither checkpoint_timeout nor max_wal_size start one): the WAL since the
// last checkpoint grows with every write until a clean close, and a crash restart replays all of
// it. A CHECKPOINT once a minute, skipped when nothing was written, bounds both the replay and the
// pg_wal folder. Measurements: docs/operations.md ("Faults of the embedded database").
import type { PGlite } from '@electric-sql/pglite';

export const CHECKPOINT_EVERY_MS = 60_000;

/**
 * Starts the periodic checkpoint; the returned function stops it and waits for one in progress.
 * mayRun is asked first: on a full disk a checkpoint would PANIC (pglite-guard.ts), so it waits.
 */
export function scheduleCheckpoints(
  client: PGlite,
  everyMs = CHECKPOINT_EVERY_MS,
  onError: (e: unknown) => void = () => {},
  mayRun: () => Promise<boolean> = async () => true,
): () => Promise<void> {
  let lastLsn = '';
  let running: Promise<void> | null = null;
  const lsn = async () => (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
  const tick = async () => {
    if (client.closed || !(await mayRun())) return;
    if ((await lsn()) === lastLsn) return;
    await client.exec('checkpoint');
    lastLsn = await lsn();
  };
  const timer = setInterval(() => {
    running ??= tick()
      .catch(onError)
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
