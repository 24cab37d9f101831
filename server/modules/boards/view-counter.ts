// Views are counted off the read path: a view only notes (post, viewer, day) in memory, and the
// node writes the notes of the last second in one statement. A viewer this node has already seen
// today costs nothing at all. post_views stays the judge across nodes (its primary key), so two
// nodes never count one viewer twice; a node that stops flushes what it holds (decision 30).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { postViews, posts } from '../../db/schema/index.js';

const FLUSH_MS = 1000;
/** A batch this large is written at once instead of waiting for the second to pass. */
const FLUSH_AT = 500;
/** Viewers remembered per node and day; past it the memory starts again (the table still dedupes). */
const SEEN_MAX = 200_000;
/** A batch the database refused is tried again this many times, then dropped with a log line. */
const ATTEMPTS = 3;

interface Note {
  key: number;
  viewer: string;
  day: string;
  attempts: number;
}

export const kstDay = (d = new Date()) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

class ViewCounter {
  private day = '';
  private readonly seen = new Set<string>();
  private pending: Note[] = [];
  /** Views noted per post and not yet written (written ones leave only once committed). */
  private readonly waiting = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Notes the view unless this viewer was seen today; answers the views of the post not yet in its row. */
  note(key: number, viewer: string): number {
    const day = kstDay();
    if (day !== this.day || this.seen.size >= SEEN_MAX) {
      this.day = day;
      this.seen.clear();
    }
    const id = `${key}\n${viewer}`;
    if (!this.seen.has(id)) {
      this.seen.add(id);
      this.pending.push({ key, viewer, day, attempts: 0 });
      this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
      if (this.pending.length >= FLUSH_AT) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
    }
    return this.waiting.get(key) ?? 0;
  }

  /** Writes every note held so far (one statement per batch, one batch at a time). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.writing) await this.writing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.write(batch).finally(() => (this.writing = null));
    await this.writing;
  }

  private async write(batch: Note[]) {
    try {
      const rows = JSON.stringify(batch.map(({ key, viewer, day }) => ({ key, viewer, day })));
      // Keys in order, so two nodes' batches lock the same posts in the same order.
      await this.db.execute(sql`
        with input as (
          select distinct i.key, i.viewer, i.day
          from jsonb_to_recordset(${rows}::jsonb) as i(key bigint, viewer text, day date)
        ), seen as (
          insert into ${postViews} (post_key, viewer, day) select key, viewer, day from input order by key
          on conflict do nothing returning post_key
        ), counts as (
          select post_key, count(*)::int as n from seen group by post_key
        )
        update ${posts} set views = views + counts.n from counts where ${posts.key} = counts.post_key`);
      for (const note of batch) this.done(note.key);
    } catch (err) {
      const again = batch.filter((n) => ++n.attempts < ATTEMPTS);
      for (const note of batch) if (!again.includes(note)) this.done(note.key);
      if (again.length < batch.length) console.error(`views: ${batch.length - again.length} views not counted`, err);
      this.pending.unshift(...again);
      if (again.length > 0) this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
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

/** Writes the views held in memory now (when the app closes, and in tests before reading the table). */
export async function flushViews(db: Db): Promise<void> {
  await counters.get(db)?.flush();
}
