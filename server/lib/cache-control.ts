// Every API answer is `Cache-Control: no-store` unless its route set its own (file downloads
// decide public or private themselves). Most answers are personal — the session, my-info,
// letters, alarms, abilities inside a post — and must never sit in a browser's or a proxy's cache.
import type { FastifyInstance } from 'fastify';

export function apiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
