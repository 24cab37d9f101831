import { gzipSync } from 'node:zlib';
import { Empty } from '../../../common/api/common.js';
import { type MenuEntry, TopMenu } from '../../../common/api/menu.js';
import type { App } from '../../lib/context.js';
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
  // Every page load asks for the same menu: serialise and compress it once per cached copy
  // instead of once per request (compressing it each time halved the call's throughput).
  let packed: { entries: MenuEntry[]; json: Buffer; gzip: Buffer } | undefined;
  app.post('/api/menu/topMenu', { schema: { body: Empty, response: { 200: TopMenu } } }, async (req, reply) => {
    const entries = await cache.get();
    if (packed?.entries !== entries) {
      const json = Buffer.from(JSON.stringify(TopMenu.parse(entries)));
      packed = { entries, json, gzip: gzipSync(json) };
    }
    reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    let body = packed.json;
    if (acceptsGzip(req.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip');
      body = packed.gzip;
    }
    // Already checked against TopMenu when packed; Fastify sends a Buffer as it is.
    return reply.send(body as unknown as MenuEntry[]);
  });
}
