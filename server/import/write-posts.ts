// Posts and comments from any engine, with their files. The content goes through the posts
// core's sanitiser and plain text (server/modules/posts/content.ts) as every save does; search
// columns carry the slice each post gets (slices.ts, as the write path gives it); page chunks and
// counts are built once at the end (finish.ts), as after any load that bypasses the one write
// path. A batch goes in as one statement per table (bulk.ts).
import { readFile } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { decodeEntities, escapeHtml } from '../../common/content/escape.js';
import { rowsOf, type Tx } from '../db/client.js';
import { comments, files, posts } from '../db/schema/index.js';
import { sanitiseLetterText } from '../modules/letters/service.js';
import { saveUpload } from '../modules/files/service.js';
import { plainText, sanitisePost } from '../modules/posts/content.js';
import { MAX_ANSWER_DEPTH } from '../modules/posts/board-rules.js';
import { NOT_SEARCHED, searchColumns } from '../modules/posts/search.js';
import { insertRows, mapRowsOf, rowsIn } from './bulk.js';
import { type ImportContext, wrote } from './context.js';
import { mappedIds, recordMapped } from './import-map.js';
import { slicesFor } from './slices.js';
import type { BoardTarget } from './write-boards.js';
import { inTransaction } from './write-members.js';

/** A file of the old site: where it is on disk (null: cannot be found, with the reason). */
export interface FileSource {
  oldId: string;
  path: string | null;
  name: string;
  missing?: string;
}

export interface PostRecord {
  oldId: string;
  boardOldId: string;
  memberOldId: string | null;
  /** The name shown on the old site (a guest's name is kept as it was). */
  authorName: string;
  subject: string;
  /** The content as HTML, before the site's sanitiser. */
  html: string;
  category: string | null;
  createdAt: Date;
  updatedAt: Date;
  views: number;
  recommends: number;
  notice: boolean;
  /** Seen only by its author and administrators on the old site. */
  secret: boolean;
  /** The old id of the post this one answers. */
  answerTo: string | null;
  attachments: FileSource[];
}

export interface CommentRecord {
  oldId: string;
  postOldId: string;
  /** The old id of the top-level comment this one replies to. */
  parentOldId: string | null;
  memberOldId: string | null;
  authorName: string;
  text: string;
  createdAt: Date;
  secret: boolean;
}

/** Old image addresses in contents: the engine says which point at its own files. */
export type InlineImages = (src: string) => FileSource | null;

/** Per run: whose name guests' files are kept under (files need an owner). */
export interface PostRules {
  boards: Map<string, BoardTarget>;
  fileOwner: number;
  inline: InlineImages;
}

/** What the report says of a secret comment and of a guest's secret post (docs/operations.md). */
export const SECRET_COMMENT = '비밀 댓글: 이 사이트의 댓글에는 비밀 설정이 없어 숨긴 댓글로 가져옴 (관리자만 읽음, 댓글 쓴이와 글쓴이는 읽지 못함)';
export const GUEST_SECRET = '회원이 아닌 글쓴이(손님, 익명 게시판)의 비밀글: 글쓴이를 알 수 없어 관리자만 읽음';

/** The most files one post refers to by index (src="file0" … "file99"). */
const MAX_FILES = 100;
const IMG_SRC = /(<img\b[^>]*?\ssrc\s*=\s*)(["'])(.*?)\2/gi;
const HOSTILE = /<script|<iframe|<object|<embed|\son\w+\s*=|javascript:|<style/i;

interface Brought {
  key: string;
  image: boolean;
  oldId: string;
}

async function bringFile(ctx: ImportContext, f: FileSource, owner: number): Promise<Brought | null> {
  if (!f.path) {
    ctx.report.note('파일', 'skipped', f.oldId, f.missing ?? '파일 위치를 알 수 없음');
    return null;
  }
  let data: Buffer;
  try {
    data = await readFile(f.path);
  } catch {
    ctx.report.note('파일', 'skipped', f.oldId, '파일 폴더에 파일이 없음');
    return null;
  }
  if (ctx.dryRun) {
    ctx.report.note('파일', 'imported', f.oldId);
    return { key: `dry-${f.oldId}`, image: false, oldId: f.oldId };
  }
  try {
    // The site's own pipeline: type sniffing, images re-encoded (EXIF read, GPS dropped).
    const up = await saveUpload(ctx.db, ctx.storage, { userNo: owner, name: f.name, data, maxPixels: ctx.maxPixels });
    ctx.report.note('파일', 'imported', f.oldId);
    return { key: up.fileKey, image: up.image, oldId: f.oldId };
  } catch (e) {
    ctx.report.note('파일', 'skipped', f.oldId, `사이트가 받지 않는 파일 (${e instanceof Error ? e.message : String(e)})`);
    return null;
  }
}

/** A post's files: its attachments, then the images its content shows; src of each becomes fileN. */
async function postFiles(ctx: ImportContext, rules: PostRules, p: PostRecord, owner: number) {
  const brought: Brought[] = [];
  const index = new Map<string, number>();
  const add = async (f: FileSource) => {
    if (index.has(f.oldId) || brought.length >= MAX_FILES) return;
    const b = await bringFile(ctx, f, owner);
    if (!b) return;
    index.set(f.oldId, brought.length);
    brought.push(b);
  };
  for (const f of p.attachments) await add(f);
  const srcs = new Map<string, FileSource>();
  for (const m of p.html.matchAll(IMG_SRC)) {
    const src = decodeEntities(m[3]!.trim());
    const f = rules.inline(src);
    if (f) srcs.set(m[3]!, f);
  }
  for (const f of srcs.values()) await add(f);
  const html = p.html.replace(IMG_SRC, (whole, head: string, quote: string, raw: string) => {
    const f = srcs.get(raw);
    const i = f ? index.get(f.oldId) : undefined;
    return i === undefined ? whole : `${head}${quote}file${i}${quote}`;
  });
  return { html, brought };
}

/**
 * Lets signals in between rows: sanitising a batch takes a while, and Ctrl-C must be seen at once
 * (tsx passes it on and kills a child that does not answer within a few milliseconds).
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Keys for a batch's rows, taken from the table's own sequence (the site's later rows follow them). */
async function reserveKeys(tx: Tx, table: 'posts' | 'comments', n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = rowsOf<{ key: string | number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'key')) as key from generate_series(1, ${n}::int)`));
  return rows.map((r) => Number(r.key)).sort((a, b) => a - b);
}

interface Author {
  no: number;
  nickName: string | null;
  status: string;
}

/** The batch's authors who came across, by old id (one statement). */
async function memberNos(tx: Tx, ctx: ImportContext, oldIds: Array<string | null>) {
  const wanted = [...new Set(oldIds.filter((x): x is string => x !== null))];
  const rows = wanted.length
    ? await rowsIn<{ old_id: string; no: number; nick_name: string | null; status: string }>(
        tx,
        sql`select x.old_id, u.no, u.nick_name, u.status from (${mapRowsOf(ctx.source, 'member', wanted, sql`m.new_key`)}) x join users u on u.no = x.new_key`,
      )
    : [];
  const byOldId = new Map(rows.map((r): [string, Author] => [r.old_id, { no: Number(r.no), nickName: r.nick_name, status: r.status }]));
  return (oldId: string | null): Author | undefined => (oldId === null ? undefined : byOldId.get(oldId));
}

/**
 * The batch of posts being written, per run: the next batch is read, sanitised and tokenised while
 * it commits (the database's time and the importer's overlap), and waits for it before its own.
 */
const pendingPosts = new WeakMap<ImportContext, Promise<void>>();

/** Waits for the posts batch being written (its error, ImportStopped included, is thrown here). */
export async function flushPosts(ctx: ImportContext) {
  const pending = pendingPosts.get(ctx);
  if (!pending) return;
  pendingPosts.delete(ctx);
  await pending;
}

/**
 * One batch of posts: files brought first (the file store is not transactional), the content
 * sanitised and tokenised, then the rows in one transaction, which runs on while the caller reads
 * the next batch (flushPosts waits for it).
 */
export async function writePosts(ctx: ImportContext, rules: PostRules, batch: PostRecord[]) {
  const mapped = await mappedIds(ctx.db, ctx.source, 'post', batch.map((p) => p.oldId));
  const todo = batch.filter((p) => !mapped.has(p.oldId));
  if (todo.length === 0) return;
  // Files are brought only once the batch before has committed (a run stopped there brings none).
  if (todo.some((p) => p.attachments.length > 0 || /<img\b/i.test(p.html))) await flushPosts(ctx);
  const authors = await memberNos(ctx.db, ctx, todo.map((p) => p.memberOldId));
  const prepared: Prepared[] = [];
  for (const [i, p] of todo.entries()) {
    const board = rules.boards.get(p.boardOldId);
    if (!board) {
      ctx.report.note('글', 'skipped', p.oldId, '게시판을 가져오지 않음');
      continue;
    }
    if (i % 25 === 24) await breathe();
    const author = authors(p.memberOldId);
    const { html, brought } = await postFiles(ctx, rules, p, author?.no ?? rules.fileOwner);
    const content = sanitisePost(html);
    const nickName = (author?.status !== 'withdrawn' && author?.nickName) || p.authorName.trim() || '손님';
    const subject = p.subject.replace(/\s+/g, ' ').trim().slice(0, 200) || '(제목 없음)';
    // Tokens without their slice (each starts with ':'): the slice is known once the key is.
    const search = ctx.dryRun ? NOT_SEARCHED : searchColumns('', subject, plainText(content), nickName);
    prepared.push({ p, board, author, brought, content, nickName, subject, search });
  }
  await flushPosts(ctx);
  const commit = commitPosts(ctx, todo, prepared);
  pendingPosts.set(ctx, commit);
  // Seen by flushPosts or the next batch; not an unhandled rejection meanwhile.
  commit.catch(() => {});
}

interface Prepared {
  p: PostRecord;
  board: BoardTarget;
  author: Author | undefined;
  brought: Brought[];
  content: string;
  nickName: string;
  subject: string;
  search: { searchText: string; searchBigrams: string[] };
}

async function commitPosts(ctx: ImportContext, todo: PostRecord[], prepared: Prepared[]) {
  const answered = await mappedIds(ctx.db, ctx.source, 'post', todo.flatMap((p) => (p.answerTo ? [p.answerTo] : [])));
  // Answers (decision 39): how deep and how secret the posts they answer are, those of earlier
  // batches read here, this batch's as it is written (an answer comes after its post).
  const earlier = [...answered.values()].map((m) => m.newKey!);
  const stored = new Map(
    (earlier.length ? await ctx.db.select({ key: posts.key, depth: posts.answerDepth, secret: posts.secret }).from(posts).where(inArray(posts.key, earlier)) : []).map((r) => [
      Number(r.key),
      { depth: r.depth, secret: r.secret },
    ]),
  );
  const threadOf = new Map<string, { depth: number; secret: boolean }>();
  await inTransaction(ctx, async (tx) => {
    // Keys taken first: an answer links to its post even when both are in this batch, and the
    // batch goes in as one statement.
    const keys = ctx.dryRun ? [] : await reserveKeys(tx, 'posts', prepared.length);
    const here = new Map(prepared.map((x, i) => [x.p.oldId, keys[i]!]));
    const slices = new Map<number, string>();
    if (!ctx.dryRun) {
      const byBoard = new Map<string, number[]>();
      for (const [i, { board }] of prepared.entries()) {
        const list = byBoard.get(board.boardId) ?? [];
        list.push(keys[i]!);
        byBoard.set(board.boardId, list);
      }
      for (const [boardId, boardKeys] of byBoard) for (const [k, prefix] of await slicesFor(tx, boardId, boardKeys)) slices.set(k, prefix);
    }
    const rows: Array<typeof posts.$inferInsert> = [];
    for (const [i, { p, board, author, brought, content, nickName, subject, search }] of prepared.entries()) {
      const changes: string[] = [];
      // What came across as it was: a secret post stays secret, an answer an answer (decision 39).
      const kept: string[] = [];
      let answerTo: number | null = null;
      let answerDepth = 0;
      let secret = p.secret;
      if (p.answerTo) {
        const parent = here.get(p.answerTo) ?? answered.get(p.answerTo)?.newKey ?? null;
        const up = threadOf.get(p.answerTo) ?? (parent !== null ? stored.get(parent) : undefined);
        if (parent !== null) {
          answerTo = parent;
          // Deeper threads than the site shows sit at its deepest indent.
          answerDepth = Math.min((up?.depth ?? 0) + 1, MAX_ANSWER_DEPTH);
          secret ||= up?.secret ?? false;
          kept.push('답글로 가져옴');
        } else if (ctx.dryRun) kept.push('답글로 가져옴');
        else changes.push('답글: 원글을 가져오지 않아 보통 글로 가져옴');
      }
      threadOf.set(p.oldId, { depth: answerDepth, secret });
      if (HOSTILE.test(p.html)) changes.push('본문의 위험한 HTML(스크립트, 이벤트 속성 등)을 걸러 냄');
      if (secret) kept.push('비밀글로 가져옴 (글쓴이, 관리자와 답글의 원글쓴이만 읽음)');
      // A guest read their secret post with its password, an anonymous writer as the hidden
      // member: neither comes across, so only administrators read it.
      if (secret && !p.memberOldId) changes.push(GUEST_SECRET);
      // (A dry run brought no members: it cannot tell.)
      if (p.memberOldId && !author && !ctx.dryRun) changes.push('글쓴이를 가져오지 않아 이름만 남김');
      const category = p.category ? board.codes.get(p.category) : undefined;
      if (p.category && !category) changes.push(`분류 ${p.category}가 없어 ${board.fallback}에 넣음`);
      ctx.report.note('글', changes.length ? 'changed' : 'imported', p.oldId, [...changes, ...kept].join('; '));
      if (ctx.dryRun) continue;
      rows.push({
        key: keys[i]!,
        boardId: board.boardId,
        category: category ?? board.fallback,
        userNo: author?.no ?? null,
        nickName,
        subject,
        content,
        notice: p.notice,
        views: Math.max(0, p.views),
        recommends: Math.max(0, p.recommends),
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        secret,
        answerTo,
        answerDepth,
        hasImage: brought.some((f) => f.image) || /<img\b/i.test(content),
        hasFile: brought.some((f) => !f.image),
        // A secret post is never found by a search.
        ...(secret ? NOT_SEARCHED : { searchText: search.searchText, searchBigrams: search.searchBigrams.map((t) => slices.get(keys[i]!)! + t) }),
      });
    }
    if (ctx.dryRun || rows.length === 0) return;
    await insertRows(tx, posts, rows);
    for (const [i, { brought }] of prepared.entries()) {
      for (const [n, f] of brought.entries()) await tx.update(files).set({ postKey: keys[i]!, sort: n }).where(eq(files.key, f.key));
    }
    await recordMapped(tx, ctx.source, 'post', prepared.map(({ p, board }, i) => ({ oldId: p.oldId, newKey: keys[i]!, newId: board.boardId })));
    await recordMapped(tx, ctx.source, 'file', prepared.flatMap(({ brought }, i) => brought.map((f) => ({ oldId: f.oldId, newId: f.key, newKey: keys[i]! }))));
  });
  if (!ctx.dryRun) wrote(ctx, prepared.length);
}

/** One batch of comments (a reply after the comment it answers: the engine reads them in order). */
export async function writeComments(ctx: ImportContext, batch: CommentRecord[]) {
  await flushPosts(ctx);
  const mapped = await mappedIds(ctx.db, ctx.source, 'comment', batch.map((c) => c.oldId));
  const todo = batch.filter((c) => !mapped.has(c.oldId));
  if (todo.length === 0) return;
  const authors = await memberNos(ctx.db, ctx, todo.map((c) => c.memberOldId));
  const postsOf = await mappedIds(ctx.db, ctx.source, 'post', todo.map((c) => c.postOldId));
  const parents = await mappedIds(ctx.db, ctx.source, 'comment', todo.flatMap((c) => (c.parentOldId ? [c.parentOldId] : [])));
  const live = todo.filter((c) => {
    if (postsOf.has(c.postOldId) || ctx.dryRun) return true;
    ctx.report.note('댓글', 'skipped', c.oldId, '글을 가져오지 않음');
    return false;
  });
  await inTransaction(ctx, async (tx) => {
    const keys = ctx.dryRun ? [] : await reserveKeys(tx, 'comments', live.length);
    const here = new Map(live.map((c, i) => [c.oldId, keys[i]!]));
    const rows: Array<typeof comments.$inferInsert> = [];
    for (const [i, c] of live.entries()) {
      if (i % 100 === 99) await breathe();
      const post = postsOf.get(c.postOldId);
      const changes: string[] = [];
      const author = authors(c.memberOldId);
      let parentKey: number | null = null;
      if (c.parentOldId) {
        parentKey = here.get(c.parentOldId) ?? parents.get(c.parentOldId)?.newKey ?? null;
        if (parentKey === null && !ctx.dryRun) changes.push('답글의 댓글을 가져오지 않아 댓글로 가져옴');
      }
      // The site's comments have no secret setting (decision 39): hidden, for administrators only.
      if (c.secret) changes.push(SECRET_COMMENT);
      const text = sanitiseLetterText(c.text).trim() || '-';
      const nickName = (author?.status !== 'withdrawn' && author?.nickName) || c.authorName.trim() || '손님';
      ctx.report.note('댓글', changes.length ? 'changed' : 'imported', c.oldId, changes.join('; '));
      if (ctx.dryRun || !post) continue;
      rows.push({
        key: keys[i]!,
        postKey: post.newKey!,
        parentKey,
        userNo: author?.no ?? null,
        nickName,
        content: text,
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
        hiddenAt: c.secret ? c.createdAt : null,
      });
    }
    if (ctx.dryRun || rows.length === 0) return;
    await insertRows(tx, comments, rows);
    await recordMapped(tx, ctx.source, 'comment', rows.map((r, i) => ({ oldId: live[i]!.oldId, newKey: r.key!, newId: String(r.postKey) })));
  });
  const count = ctx.dryRun ? 0 : live.length;
  if (!ctx.dryRun) wrote(ctx, count);
}

/** Plain text of the old site as HTML: escaped, line breaks kept. */
export const textAsHtml = (text: string) =>
  text
    .split(/\r?\n\r?\n/)
    .map((para) => `<p>${escapeHtml(para).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
