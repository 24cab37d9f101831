// Old addresses of a club that moved in (docs/operations.md#moving-a-club-from-gnuboard5-or-rhymix)
// answer a permanent redirect to the new page, from the import map, so bookmarks, search engines
// and other sites' links still land:
// - Gnuboard5's /bbs/board.php?bo_table=…&wr_id=… and its short addresses /{bo_table} and
//   /{bo_table}/{wr_id};
// - Rhymix's /index.php?mid=…&document_srl=… (and /?…), /{mid}, /{mid}/{srl} and /{srl}, where a
//   srl is a post's or a comment's (Rhymix numbers both from one sequence).
// A short address is redirected only when the import map knows it, and never one whose first
// segment is one of the site's own (SITE_PATHS), so the site's routes are never shadowed.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { importMap, posts } from '../../db/schema/index.js';
import type { App } from '../../lib/context.js';

/** The imported boards are read again at most once a minute (an import may add some). */
const BOARDS_TTL_MS = 60_000;
/** First segments of the site's own addresses (web/routes.tsx, the server's pages): never an old short address. */
export const SITE_PATHS = new Set([
  'api', 'assets', 'all', 'board', 'donate', 'error', 'favorite', 'feed', 'gallery', 'icons', 'info', 'letter', 'market', 'metrics',
  'notify', 'search', 'space', 'system', 'today', 'user', 'bbs',
]);
const SHORT = /^\/([A-Za-z0-9_]{1,40})(?:\/(\d{1,11}))?\/?$/;
const SRL = /^\d{1,11}$/;

const boardPath = (boardId: string) => `/board/${encodeURIComponent(boardId)}/c0/list`;
const postPath = (boardId: string, key: number) => `/board/${encodeURIComponent(boardId)}/view/${key}`;

function boardsCache(db: Db, source: string) {
  let cached: { at: number; boards: Map<string, string> } | null = null;
  return async (): Promise<Map<string, string>> => {
    if (cached && Date.now() - cached.at < BOARDS_TTL_MS) return cached.boards;
    const rows = await db
      .select({ oldId: importMap.oldId, newId: importMap.newId })
      .from(importMap)
      .where(and(eq(importMap.source, source), eq(importMap.kind, 'board')));
    cached = { at: Date.now(), boards: new Map(rows.map((r) => [r.oldId, r.newId!])) };
    return cached.boards;
  };
}

/** The new address of a Gnuboard5 board and post (a comment's number leads to its post); null when unknown. */
async function newAddress(db: Db, boards: Map<string, string>, boTable: string, wrId: string | undefined): Promise<string | null> {
  const boardId = boards.get(boTable);
  if (boardId === undefined) return null;
  if (!wrId || !/^\d{1,10}$/.test(wrId)) return boardPath(boardId);
  const rows = await db
    .select({ kind: importMap.kind, newKey: importMap.newKey, newId: importMap.newId })
    .from(importMap)
    .where(and(eq(importMap.source, 'gnuboard5'), inArray(importMap.kind, ['post', 'comment']), eq(importMap.oldId, `${boTable}:${Number(wrId)}`)));
  const row = rows[0];
  if (!row) return null;
  return row.kind === 'post' ? postPath(boardId, row.newKey!) : postPath(boardId, Number(row.newId));
}

/** The new address of a Rhymix post or comment by its srl (a comment leads to its post); null when unknown. */
async function srlAddress(db: Db, srl: string): Promise<string | null> {
  if (!SRL.test(srl)) return null;
  const [row] = await db
    .select({ kind: importMap.kind, newKey: importMap.newKey, newId: importMap.newId })
    .from(importMap)
    .where(and(eq(importMap.source, 'rhymix'), inArray(importMap.kind, ['post', 'comment']), eq(importMap.oldId, String(Number(srl)))));
  if (!row) return null;
  const key = row.kind === 'post' ? row.newKey! : Number(row.newId);
  const [post] = await db.select({ boardId: posts.boardId }).from(posts).where(eq(posts.key, key));
  return post ? postPath(post.boardId, key) : null;
}

/** Registers the redirects on the root instance (the hook must see every request). */
export function registerOldLinks(app: App) {
  const { db } = app.ctx;
  const gnuboard5 = boardsCache(db, 'gnuboard5');
  const rhymix = boardsCache(db, 'rhymix');
  const send = (reply: FastifyReply, to: string) => reply.code(301).header('cache-control', 'public, max-age=86400').redirect(to, 301);

  app.get('/bbs/board.php', async (req: FastifyRequest<{ Querystring: Record<string, string | undefined> }>, reply) => {
    const q = req.query;
    const to = typeof q.bo_table === 'string' ? await newAddress(db, await gnuboard5(), q.bo_table, q.wr_id) : null;
    if (!to) return reply.code(301).redirect('/', 301);
    return send(reply, to);
  });

  /** Rhymix's query addresses: document_srl (with or without mid), or a board's mid alone. */
  async function rhymixQuery(query: string): Promise<string | null> {
    const q = new URLSearchParams(query);
    const srl = q.get('document_srl') ?? q.get('comment_srl');
    if (srl) return srlAddress(db, srl);
    const mid = q.get('mid');
    const boardId = mid ? (await rhymix()).get(mid) : undefined;
    return boardId === undefined ? null : boardPath(boardId);
  }

  /** /{id} or /{id}/{number}: a Gnuboard5 board, else a Rhymix mid, else a Rhymix srl alone. */
  async function shortAddress(first: string, second: string | undefined): Promise<string | null> {
    const g5 = await gnuboard5();
    if (g5.has(first)) return newAddress(db, g5, first, second);
    const xe = await rhymix();
    const boardId = xe.get(first);
    if (boardId !== undefined) return second ? srlAddress(db, second) : boardPath(boardId);
    if (!second && xe.size > 0 && SRL.test(first)) return srlAddress(db, first);
    return null;
  }

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    const at = req.url.indexOf('?');
    const path = at < 0 ? req.url : req.url.slice(0, at);
    let to: string | null = null;
    try {
      if (path === '/index.php' || (path === '/' && at >= 0)) {
        if ((await rhymix()).size > 0 && at >= 0) to = await rhymixQuery(req.url.slice(at + 1));
        // Rhymix's front page, or an address the map does not know: the site's front page.
        if (!to && path === '/index.php') to = '/';
      } else {
        const m = SHORT.exec(path);
        if (!m || SITE_PATHS.has(m[1]!)) return;
        to = await shortAddress(m[1]!, m[2]);
      }
    } catch {
      // The database not answering: the page itself says so, not this redirect.
      return;
    }
    if (to) return send(reply, to);
  });
}
