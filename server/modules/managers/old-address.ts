// A moved post's old address (/board/{old}/view/{key}) answers a permanent redirect to its page on
// the board it is on now, so bookmarks, links in other posts and search engines still land. Post
// keys are global, so the key alone finds the post; an address whose board is the post's own is
// left to the web app. Registered on the root instance, before the web app's catch-all.
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { posts } from '../../db/schema/index.js';
import type { App } from '../../lib/context.js';
import { articlePath } from '../posts/kinds.js';

const VIEW = /^\/board\/([^/]+)\/view\/(\d{1,15})\/?$/;

export function registerOldAddresses(app: App) {
  const { db } = app.ctx;
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    const m = VIEW.exec(path);
    if (!m) return;
    let boardId: string;
    try {
      boardId = decodeURIComponent(m[1]!);
    } catch {
      return;
    }
    const key = Number(m[2]);
    if (!Number.isSafeInteger(key)) return;
    let row: { boardId: string } | undefined;
    try {
      [row] = await db.select({ boardId: posts.boardId }).from(posts).where(eq(posts.key, key)).limit(1);
    } catch (err) {
      // The page still loads when the database cannot answer; the web app asks again.
      req.log.warn({ err }, 'old address lookup failed');
      return;
    }
    if (!row || row.boardId === boardId) return;
    return reply
      .code(301)
      .header('cache-control', 'public, max-age=3600')
      .redirect(articlePath(row.boardId, key) + (q < 0 ? '' : req.url.slice(q)), 301);
  });
}
