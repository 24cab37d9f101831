// Which preview a page address gets, and the page HTML that carries it. Every page gets tags; the
// kinds below get their own, the rest preview as the site. Previews are always what a visitor
// sees, whoever asks (a member's page load gets the same HTML). Market items, gallery items,
// museum exhibits and spaces add their matcher to PAGES as they land.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { PRODUCTS_TAG } from '../../lib/answer-cache.js';
import type { App, AppContext } from '../../lib/context.js';
import { cachedSettings } from '../community/service.js';
import { injectPreview, previewTags, type SiteInfo } from './inject.js';
import { boardListPreview, boardSummaryPreview, crossListPreview } from './lists.js';
import { postPreview } from './post.js';
import { type Preview, SITE } from './preview.js';
import { productPreview } from './product.js';
import { galleryPreview, spacePreview } from '../gallery/preview.js';
import { marketPreview } from '../market/preview.js';

/**
 * Kept per node (decision 22) until a write names a tag: a post's with its own and the lists'
 * tags (an edit, a deletion, hiding after a report; a board's rules drop everything), a
 * product's with the products' tag. The time limit only bounds a missed signal.
 */
const POST_TTL_MS = 60_000;
const PRODUCT_TTL_MS = 10 * 60_000;

type Matcher = { pattern: RegExp; preview: (ctx: AppContext, m: string[]) => Promise<Preview> | Preview };

const cached = async (ctx: AppContext, key: string, ttlMs: number, tags: string[], produce: () => Promise<Preview>): Promise<Preview> => {
  const answer = await ctx.answers.get(key, ttlMs, async () => ({ json: JSON.stringify(await produce()), tags }));
  return JSON.parse(answer.json.toString('utf8')) as Preview;
};

const PAGES: Matcher[] = [
  {
    pattern: /^\/board\/([^/]+)\/view\/(\d{1,15})\/?$/,
    preview: (ctx, [, , key]) => cached(ctx, `preview:post:${key}`, POST_TTL_MS, ['all', `post:${Number(key)}`], () => postPreview(ctx.db, Number(key))),
  },
  { pattern: /^\/board\/([^/]+)\/summary\/?$/, preview: (ctx, [, id]) => boardSummaryPreview(ctx.db, id!) },
  { pattern: /^\/board\/([^/]+)\/([^/]+)\/list(?:\/([^/]+))?\/?$/, preview: (ctx, [, id, cat, page]) => boardListPreview(ctx.db, id!, cat!, page) },
  { pattern: /^\/all\/list(?:\/([^/]+))?\/?$/, preview: (_ctx, [, page]) => crossListPreview('all', page) },
  { pattern: /^\/all\/topic(?:\/([^/]+))?\/?$/, preview: (_ctx, [, page]) => crossListPreview('topic', page) },
  {
    pattern: /^\/market\/view\/(\d{1,15})\/?$/,
    preview: (ctx, [, key]) => cached(ctx, `preview:market:${key}`, POST_TTL_MS, ['market', `post:${Number(key)}`], () => marketPreview(ctx.db, Number(key))),
  },
  {
    pattern: /^\/gallery\/view\/(\d{1,15})\/?$/,
    preview: (ctx, [, key]) => cached(ctx, `preview:gallery:${key}`, POST_TTL_MS, ['board:gallery', `post:${Number(key)}`], () => galleryPreview(ctx.db, Number(key))),
  },
  {
    // The space and each of its tabs (board, gallery, market, comment, museum, museum/show).
    pattern: /^\/space\/([^/]+)(?:\/[^?]*)?$/,
    preview: (ctx, [, userId]) => cached(ctx, `preview:space:${userId}`, POST_TTL_MS, ['board:gallery'], () => spacePreview(ctx.db, userId!)),
  },
  {
    pattern: /^\/info\/view\/([^/]+)\/?$/,
    preview: (ctx, [, key]) => cached(ctx, `preview:product:${key}`, PRODUCT_TTL_MS, [PRODUCTS_TAG], () => productPreview(ctx.db, key!)),
  },
];

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** The preview of a page path (without its query). */
export async function previewOf(ctx: AppContext, path: string): Promise<Preview> {
  for (const { pattern, preview } of PAGES) {
    const m = pattern.exec(path);
    if (!m) continue;
    const parts = m.map((p) => (p === undefined ? undefined : safeDecode(p)));
    if (parts.some((p) => p === null)) return SITE;
    return preview(ctx, parts as string[]);
  }
  return SITE;
}

export async function siteInfo(ctx: AppContext): Promise<SiteInfo> {
  const s = await cachedSettings(ctx.db);
  const description = `${s.siteName} - 사진과 카메라를 사랑하는 사람들의 동호회.${s.tagline ? ` ${s.tagline}` : ''}`;
  return { name: s.siteName, description };
}

/** The absolute origin addresses in previews start with: PUBLIC_ORIGIN, else the request's own. */
const originOf = (ctx: AppContext, req: FastifyRequest) => ctx.config.publicOrigin ?? `${req.protocol}://${req.host}`;

/**
 * The page HTML for a request: the built index.html (read once) with the page's preview tags.
 * When the database cannot answer, the page still loads (with the site's tags or none).
 */
export function pageRenderer(app: App, webDir: string): (req: FastifyRequest) => Promise<string> {
  const index = readFileSync(join(webDir, 'index.html'), 'utf8');
  const { ctx } = app;
  return async (req) => {
    const path = req.url.split('?')[0] ?? '/';
    try {
      const [preview, site] = await Promise.all([previewOf(ctx, path), siteInfo(ctx)]);
      return injectPreview(index, previewTags(preview, site, originOf(ctx, req)));
    } catch (err) {
      req.log.warn({ err }, 'link preview failed');
      return index;
    }
  };
}
