// GET /robots.txt, /sitemap.xml (the index) and /sitemap/{name}.xml (its files). Files are the
// same for everyone, so each is kept per node in the answer cache (decision 22) until a write
// names one of its tags, and shared caches may keep them a few minutes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, type Answer } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { fileXml, indexXml, INDEX_TAGS, parseFileName } from './service.js';
import { robotsTxt } from './robots.js';

/** Bounds a missed signal; a write drops the files before that. */
const SITEMAP_TTL_MS = 10 * 60_000;
const PUBLIC_CACHE = 'public, max-age=300';
const MSG = { noFile: '사이트맵 파일을 찾을 수 없습니다.' } as const;

class EmptyFile extends Error {}

export default async function sitemapRoutes(app: App) {
  const { db, answers, config } = app.ctx;
  /** Absolute URLs: the configured public origin, else the address the request came to. */
  const originOf = (req: FastifyRequest) => config.publicOrigin ?? `${req.protocol}://${req.host}`;

  const sendXml = (req: FastifyRequest, reply: FastifyReply, answer: Answer) => {
    reply.header('etag', answer.etag).header('cache-control', PUBLIC_CACHE).header('vary', 'accept-encoding');
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim() === answer.etag || t.trim() === answer.etag.slice(2))) return reply.status(304).send();
    reply.type('application/xml; charset=utf-8');
    if (answer.gzip && acceptsGzip(req.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(answer.gzip);
    return reply.send(answer.json);
  };

  app.get('/robots.txt', async (req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(originOf(req))),
  );

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = originOf(req);
    const answer = await answers.get(`sitemap:${origin}:index`, SITEMAP_TTL_MS, async () => ({
      json: await indexXml(db, origin),
      tags: INDEX_TAGS,
    }));
    return sendXml(req, reply, answer);
  });

  app.get<{ Params: { file: string } }>('/sitemap/:file', async (req, reply) => {
    const named = parseFileName(req.params.file);
    if (!named) throw notFound(MSG.noFile);
    const origin = originOf(req);
    const { source, page } = named;
    let answer: Answer;
    try {
      answer = await answers.get(`sitemap:${origin}:${req.params.file}`, SITEMAP_TTL_MS, async () => {
        const xml = await fileXml(db, origin, source, page);
        // Not kept: a file with no URL is answered 404 each time (a write may fill it).
        if (xml === null) throw new EmptyFile();
        return { json: xml, tags: source.tags };
      });
    } catch (err) {
      if (err instanceof EmptyFile) throw notFound(MSG.noFile);
      throw err;
    }
    return sendXml(req, reply, answer);
  });
}
