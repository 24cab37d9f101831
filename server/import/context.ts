// What every stage of an import shares: the site's database and file store, the options, the
// report and the progress line, and the count of rows written (a test stops a run after N rows).
import type { Db } from '../db/client.js';
import type { FileStorage } from '../lib/storage.js';
import type { ProgressSink } from './progress.js';
import type { ImportReport } from './report.js';

export interface ImportOptions {
  /** The old engine: names the rows in import_map ('gnuboard5', 'rhymix'). */
  source: string;
  /** Reads everything, writes nothing; the report says what a real run would meet. */
  dryRun: boolean;
  /** Imports into a site that already has members' own content. */
  merge: boolean;
  /** The old site's files folder (Gnuboard5's data/, Rhymix's files/); without it no file comes across. */
  filesDir: string | null;
  /** Rows read and written together, in one transaction. */
  batchSize: number;
  /** The upload pipeline's limit (UPLOAD_MAX_MEGAPIXELS). */
  maxPixels: number;
  /** Tests: stops the run once this many rows were written (a run cut off halfway). */
  stopAfterRows?: number | undefined;
  /** Set (Ctrl-C) to stop after the batch being written; the next run goes on from there. */
  stop?: { requested: boolean } | undefined;
}

export interface ImportContext extends ImportOptions {
  db: Db;
  storage: FileStorage;
  report: ImportReport;
  progress: ProgressSink;
  /** Rows written so far in this run. */
  written: number;
}

/** A run stopped on purpose (stopAfterRows); what it wrote is committed, the next run goes on. */
export class ImportStopped extends Error {
  constructor() {
    super('import stopped');
  }
}

/** Counts rows a committed batch wrote; stops the run when a test asked for it. */
export function wrote(ctx: ImportContext, n: number) {
  ctx.written += n;
  if (ctx.stop?.requested || (ctx.stopAfterRows !== undefined && ctx.written >= ctx.stopAfterRows)) throw new ImportStopped();
}

/** A problem the operator must fix before anything is imported (bad options, a site with content). */
export class ImportRefused extends Error {}
