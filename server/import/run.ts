// One import run (scripts/import.ts, tests): checks the site may take it, runs the engine's
// stages, builds what the write path would have kept current, and ends with the report.
import type { Db } from '../db/client.js';
import type { FileStorage } from '../lib/storage.js';
import { type ImportContext, type ImportOptions, ImportRefused } from './context.js';
import { finishImport, needsFinish } from './finish.js';
import { importGnuboard5 } from './gnuboard5/index.js';
import { openMysqlSource } from './mysql-source.js';
import { importRhymix } from './rhymix/index.js';
import { type ProgressSink, silentProgress } from './progress.js';
import { ImportReport } from './report.js';
import { siteHasOwnContent } from './write-members.js';
import { flushPosts } from './write-posts.js';

export const ENGINES = ['gnuboard5', 'rhymix'] as const;
export type Engine = (typeof ENGINES)[number];

export interface RunOptions extends Omit<ImportOptions, 'source'> {
  engine: Engine;
  /** mysql://user:pass@host:3306/db */
  sourceUrl: string;
  /** The old tables' prefix (g5_, xe_). */
  prefix: string;
  /** Where the report's lines are written as they happen (null: nowhere). */
  reportPath: string | null;
  progress?: ProgressSink;
}

const DEFAULT_PREFIX: Record<Engine, string> = { gnuboard5: 'g5_', rhymix: 'xe_' };
export const defaultPrefix = (engine: Engine) => DEFAULT_PREFIX[engine];

export async function runImport(db: Db, storage: FileStorage, opts: RunOptions): Promise<ImportReport> {
  const report = new ImportReport(opts.reportPath);
  const ctx: ImportContext = {
    source: opts.engine,
    dryRun: opts.dryRun,
    merge: opts.merge,
    filesDir: opts.filesDir,
    batchSize: opts.batchSize,
    maxPixels: opts.maxPixels,
    stopAfterRows: opts.stopAfterRows,
    stop: opts.stop,
    db,
    storage,
    report,
    progress: opts.progress ?? silentProgress,
    written: 0,
  };
  try {
    if (!opts.merge && (await siteHasOwnContent(ctx))) {
      throw new ImportRefused('이 사이트에는 이미 회원이 쓴 내용이 있습니다. 합쳐서 가져오려면 --merge를 붙이세요.');
    }
    const src = await openMysqlSource(opts.sourceUrl, opts.prefix);
    try {
      let failed = true;
      try {
        await (opts.engine === 'rhymix' ? importRhymix(ctx, src) : importGnuboard5(ctx, src));
        failed = false;
      } finally {
        // The last batch of posts may still be committing (write-posts.ts overlaps it with reading);
        // after a failure the first error is the one told.
        await flushPosts(ctx).catch((e: unknown) => {
          if (!failed) throw e;
        });
      }
    } finally {
      await src.close();
    }
    // A run that brought nothing new leaves the built parts as they are (a rehearsal's second run is quick).
    if (!opts.dryRun && (await needsFinish(db, ctx.source))) await finishImport(db, ctx.source);
    return report;
  } finally {
    await report.close();
  }
}
