// What every engine's reader does alike: its values as numbers and text, counts and keyset pages
// of its tables, a stage with its progress line, files under the old site's files folder and the
// old editor's image addresses, the posts' attachments by post, and whose name guests' files
// are kept under. The engines (gnuboard5/, rhymix/) keep only what is their own.
import { isAbsolute, join, normalize, sep } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { ImportContext } from './context.js';
import type { MysqlSource, Row } from './mysql-source.js';
import { StageProgress } from './progress.js';
import type { FileSource, InlineImages } from './write-posts.js';

/** A column's value as a number (0 for nothing or text that is none). */
export const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
/** A column's value as text ('' for NULL). */
export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Rows of a table (by its name without the prefix) matching `where`. */
export async function count(src: MysqlSource, table: string, where = '1=1', values: unknown[] = []) {
  const [row] = await src.query<{ n: number }>(`select count(*) as n from ${src.table(table)} where ${where}`, values);
  return num(row?.n);
}

/** The statement of one keyset page of `from` (a quoted table, joins and aliases allowed) by an increasing key. */
export const keysetPage =
  (from: string, key: string, where = '1=1', columns = '*') =>
  (after: number | null, limit: number) => ({
    sql: `select ${columns} from ${from} where ${where}${after === null ? '' : ` and ${key} > ?`} order by ${key} limit ${limit}`,
    values: after === null ? [] : [after],
  });

/** One stage of a run: its pages written in turn, with its progress line. */
export async function stage<T extends Row>(ctx: ImportContext, label: string, total: number, pages: AsyncGenerator<T[]>, write: (rows: T[]) => Promise<void>) {
  const progress = new StageProgress(ctx.progress, label, total);
  for await (const rows of pages) {
    await write(rows);
    progress.add(rows.length);
  }
  progress.finish();
}

/** A path under the files folder, or null when it would leave it. */
function underFiles(filesDir: string, rel: string): string | null {
  const clean = normalize(rel);
  if (isAbsolute(clean) || clean.split(sep).includes('..')) return null;
  return join(filesDir, clean);
}

/**
 * A file by its path below the old site's files folder (--files). `folder` is that folder's name
 * on the old site (Gnuboard5's data/, Rhymix's files/): the file's old id is its path from the
 * site's root, as the report lists it.
 */
export function oldFile(ctx: ImportContext, folder: string, rel: string, name: string): FileSource {
  const oldId = `${folder}/${rel}`;
  if (!ctx.filesDir) return { oldId, path: null, name, missing: '파일 폴더(--files)를 주지 않음' };
  const path = underFiles(ctx.filesDir, rel);
  return path ? { oldId, path, name } : { oldId, path: null, name, missing: '파일 경로가 올바르지 않음' };
}

/**
 * The old editor's images in a content: an address whose path `pattern` matches (its first group
 * the path below the files folder, absolute or relative addresses alike) is the file there.
 */
export function oldImages(ctx: ImportContext, folder: string, pattern: RegExp): InlineImages {
  return (src) => {
    const m = pattern.exec(src);
    if (!m) return null;
    let rel: string;
    try {
      rel = decodeURIComponent(m[1]!);
    } catch {
      return null;
    }
    return oldFile(ctx, folder, rel, rel.split('/').pop() ?? 'image');
  };
}

/** Rows grouped by a number (a post's files by the post's old number), in their order. */
export function groupBy<T, V>(rows: T[], keyOf: (row: T) => number, valueOf: (row: T) => V): Map<number, V[]> {
  const groups = new Map<number, V[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = groups.get(k);
    if (list) list.push(valueOf(r));
    else groups.set(k, [valueOf(r)]);
  }
  return groups;
}

/** Guests' files need an owner: the site's first administrator (1 on a site without one yet). */
export async function guestFileOwner(ctx: ImportContext): Promise<number> {
  const [owner] = await ctx.db.select({ no: users.no }).from(users).where(eq(users.admin, true)).orderBy(asc(users.no)).limit(1);
  return owner?.no ?? 1;
}

/** A board where guests wrote or commented on the old site: only members write here. */
export const guestsNotKept = (ctx: ImportContext, board: string) =>
  ctx.report.remark(`게시판 ${board}: 손님(비회원) 글쓰기·댓글 허용은 옮기지 않았습니다. 이 사이트에서는 회원만 씁니다.`);
