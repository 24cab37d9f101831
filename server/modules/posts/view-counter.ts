// Views are counted off the read path: a view only notes (post, viewer, day) in memory, and the
// node writes the notes of the last second in one statement. A viewer this node has already seen
// today costs nothing at all. post_views stays the judge across nodes (its primary key), so two
// nodes never count one viewer twice; a node that stops flushes what it holds (decision 30).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { postViews, posts } from '../../db/schema/index.js';
import { isDatabaseUnavailable } from '../../lib/errors.js';
import { refusedForSpace } from '../../lib/disk-space.js';

const FLUSH_MS = 1000;
/** A batch this large is written at once instead of waiting for the second to pass. */
const FLUSH_AT = 500;
/** Viewers remembered per node and day; past it the memory starts again (the table still dedupes). */
const SEEN_MAX = 200_000;
/**
 * A batch the database refused is tried again this many times, then dropped with a log line. A
 * database that cannot be reached uses none of them: its notes wait (up to PENDING_MAX) until it is back.
 */
const ATTEMPTS = 3;
/** Notes held while the database takes none; past it views are not counted (memory stays bounded). */
const PENDING_MAX = 100_000;

interface Note {
  key: number;
  viewer: string;
  day: string;
  attempts: number;
}

export interface ViewsHeld {
  waiting: number;
  noted: number;
  epoch: number;
}

export const kstDay = (d = new Date()) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

class ViewCounter {
  private day = '';
  private readonly seen = new Set<string>();
  private pending: Note[] = [];
  /** Views noted per post and not yet written (written ones leave only once committed). */
  private readonly waiting = new Map<number, number>();
  /** Views this node noted per post since its memory last started again (written or not). */
  private readonly noted = new Map<number, number>();
  /** Counts the times the memory started again (a new day, or too many viewers remembered). */
  private epoch = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The one flush running, if any: notes arriving meanwhile wait for the next. */
  private flushing: Promise<void> | null = null;
  private dropped = 0;
  /** The last write found the database unavailable (said once, and once when it is back). */
  private away = false;

  constructor(private readonly db: Db) {}

  /** Notes the view unless this viewer was seen today; answers the views of the post not yet in its row. */
  note(key: number, viewer: string): number {
    const day = kstDay();
    if (day !== this.day || this.seen.size >= SEEN_MAX) {
      this.day = day;
      this.seen.clear();
      this.noted.clear();
      this.epoch++;
    }
    const id = `${key}\n${viewer}`;
    if (!this.seen.has(id)) {
      this.seen.add(id);
      if (this.pending.length >= PENDING_MAX) {
        // The database has not taken a batch for a long while: keep memory bounded, say so once.
        if (this.dropped++ === 0) console.error(`views: over ${PENDING_MAX} views waiting to be written; further ones are not counted until they are`);
      } else {
        this.pending.push({ key, viewer, day, attempts: 0 });
        this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
        this.noted.set(key, (this.noted.get(key) ?? 0) + 1);
        if (!this.flushing) {
          if (this.pending.length >= FLUSH_AT) void this.flush(false);
          else this.timer ??= setTimeout(() => void this.flush(false), FLUSH_MS).unref();
        }
      }
    }
    return this.waiting.get(key) ?? 0;
  }

  /**
   * Writes the notes held, in batches of at most FLUSH_AT, one at a time: all of them (closing,
   * tests), or while a full batch is waiting (the timer, a full batch). What is left waits for the timer.
   */
  async flush(all = true): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing) await this.flushing;
    this.flushing = this.drain(all).finally(() => {
      this.flushing = null;
      if (this.pending.length > 0) this.timer ??= setTimeout(() => void this.flush(false), FLUSH_MS).unref();
    });
    await this.flushing;
  }

  /** What the node holds of a post's views: not yet written, and noted in all. */
  held(key: number): ViewsHeld {
    return { waiting: this.waiting.get(key) ?? 0, noted: this.noted.get(key) ?? 0, epoch: this.epoch };
  }

  /** Notes still not written (a closing node logs them as lost). */
  get unwritten(): number {
    return this.pending.length;
  }

  private async drain(all: boolean) {
    do {
      const batch = this.pending.splice(0, FLUSH_AT);
      if (batch.length === 0) return;
      // A refused batch is back in pending: try again on the next tick of the timer, not now.
      if (!(await this.write(batch))) return;
    } while (all ? this.pending.length > 0 : this.pending.length >= FLUSH_AT);
  }

  private async write(batch: Note[]): Promise<boolean> {
    try {
      const rows = JSON.stringify(batch.map(({ key, viewer, day }) => ({ key, viewer, day })));
      // The posts are locked in key order first, so two nodes' batches never wait on each other
      // in opposite orders (a deadlock); the batch is tried again if one happens all the same.
      await this.db.execute(sql`
        with input as (
          select distinct i.key, i.viewer, i.day
          from jsonb_to_recordset(${rows}::jsonb) as i(key bigint, viewer text, day date)
        ), seen as (
          insert into ${postViews} (post_key, viewer, day) select key, viewer, day from input order by key
          on conflict do nothing returning post_key
        ), counts as (
          select post_key, count(*)::int as n from seen group by post_key
        ), locked as (
          select p.key from ${posts} p join counts c on c.post_key = p.key order by p.key for update of p
        )
        update ${posts} set views = views + counts.n from counts, locked
        where ${posts.key} = counts.post_key and locked.key = counts.post_key`);
      for (const note of batch) this.done(note.key);
      this.dropped = 0;
      if (this.away) console.warn(`views: the database is back; the views kept are being written`);
      this.away = false;
      return true;
    } catch (err) {
      // A full disk (lib/disk-space.ts) holds them the same way until space is freed.
      if (isDatabaseUnavailable(err) || refusedForSpace(err)) {
        if (!this.away) console.error(`views: the database is unavailable; views are kept in memory (up to ${PENDING_MAX}) until it is back`);
        this.away = true;
        this.pending.unshift(...batch);
        return false;
      }
      const again = batch.filter((n) => ++n.attempts < ATTEMPTS);
      for (const note of batch) if (!again.includes(note)) this.done(note.key);
      if (again.length < batch.length) console.error(`views: ${batch.length - again.length} views not counted`, err);
      this.pending.unshift(...again);
      return false;
    }
  }

  private done(key: number) {
    const n = (this.waiting.get(key) ?? 1) - 1;
    if (n > 0) this.waiting.set(key, n);
    else this.waiting.delete(key);
  }
}

/** Per database, so apps on different databases in one process (tests) never share counts. */
const counters = new WeakMap<Db, ViewCounter>();

function counterOf(db: Db): ViewCounter {
  let counter = counters.get(db);
  if (!counter) counters.set(db, (counter = new ViewCounter(db)));
  return counter;
}

/**
 * Counts the view if this viewer has not viewed the post today (written within a second). Answers
 * how many of the post's views this node holds that its row does not show yet, this one included.
 */
export function countView(db: Db, key: number, viewer: string): number {
  return counterOf(db).note(key, viewer);
}

/**
 * A post's views as a node shows them: the row's count when an answer was made (plus what the
 * node held unwritten then), and the views the node noted since. Exact for this node's viewers
 * however old the answer is, since a write moves views from waiting to the row, not from noted;
 * other nodes' views show once the answer is made again.
 */
export interface ShownViews {
  /** views of the row + views waiting, when the answer was made. */
  shown: number;
  /** noted then, and the memory it was counted in. */
  noted: number;
  epoch: number;
}

export function viewsAt(db: Db, key: number, rowViews: number): ShownViews {
  const held = counterOf(db).held(key);
  return { shown: rowViews + held.waiting, noted: held.noted, epoch: held.epoch };
}

/** The views to show now for an answer made at `at`; if the node's memory started again since, all it noted since then. */
export function viewsNow(db: Db, key: number, at: ShownViews): number {
  const now = counterOf(db).held(key);
  return at.shown + (now.epoch === at.epoch ? now.noted - at.noted : now.noted);
}

/** Writes the views held in memory now (tests, before reading the table). */
export async function flushViews(db: Db): Promise<void> {
  await counters.get(db)?.flush();
}

/** Writes what the node holds before the database closes; logs what could not be written. */
export async function closeViews(db: Db): Promise<void> {
  const counter = counters.get(db);
  if (!counter) return;
  await counter.flush();
  if (counter.unwritten > 0) console.error(`views: ${counter.unwritten} views not counted (the database refused them while the node stopped)`);
}
