import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { gzipSync } from 'node:zlib';
import { Empty } from '../../../common/api/common.js';
import { type MenuEntry, TopMenu } from '../../../common/api/menu.js';
import { onAnswersChanged } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { MENU_TAG } from './admin-menus.js';
import { createMenuCache } from './service.js';

/** True unless the client refuses gzip (absent, or q=0). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    return (name === 'gzip' || name === '*') && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

export default async function menuRoutes(app: App) {
  const cache = createMenuCache(app.ctx.db);
  // An admin edit on any node drops this node's copy at once (decision 5, signals.ts).
  onAnswersChanged(app.ctx.db, MENU_TAG, () => cache.invalidate());
  // Every page load asks for the same menu: serialise and compress it once per cached copy
  // instead of once per request (compressing it each time halved the call's throughput).
  let packed: { entries: MenuEntry[]; json: Buffer; gzip: Buffer; etag: string } | undefined;
  app.post('/api/menu/topMenu', { schema: { body: Empty, response: { 200: TopMenu } } }, async (req, reply) => {
    const entries = await cache.get();
    if (packed?.entries !== entries) {
      const json = Buffer.from(JSON.stringify(TopMenu.parse(entries)));
      const etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
      packed = { entries, json, gzip: gzipSync(json), etag };
    }
    // The web app asks again on every route change with If-None-Match (web/app/use-menu.ts): an
    // unchanged menu costs a 304, an edited one reaches members on their next click (reload.menu).
    reply.header('vary', 'accept-encoding').header('etag', packed.etag);
    if (req.headers['if-none-match']?.split(',').some((t) => t.trim() === packed!.etag)) return (reply as FastifyReply).status(304).send();
    reply.type('application/json; charset=utf-8');
    let body = packed.json;
    if (acceptsGzip(req.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip');
      body = packed.gzip;
    }
    // Already checked against TopMenu when packed; Fastify sends a Buffer as it is.
    return reply.send(body as unknown as MenuEntry[]);
  });
}
