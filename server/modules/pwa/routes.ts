// The installable app: GET /manifest.webmanifest (the community's name from setup, Korean, the
// site's colours) and GET /icons/{name} (made from the club's logo, icons.ts). The service worker
// itself is a file of the built web app (web/sw/, served by app.ts with no-cache).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { App } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { createStorage } from '../../lib/storage.js';
import { cachedSettings } from '../community/service.js';
import { BACKGROUND_COLOR, DARK_THEME_COLOR, IconCache, iconSource, isIconName, THEME_COLOR } from './icons.js';

/** Launchers cut longer names; Chrome's advice is 12 characters. */
const SHORT_NAME_CHARS = 12;
const YEAR = 365 * 24 * 3600;

export function webManifest(siteName: string, tagline: string, iconVersion: string) {
  const icon = (name: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${name}?v=${iconVersion}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: siteName,
    short_name: Array.from(siteName).slice(0, SHORT_NAME_CHARS).join(''),
    description: `${siteName} - 사진과 카메라를 사랑하는 사람들의 동호회.${tagline ? ` ${tagline}` : ''}`,
    lang: 'ko',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    // Dark mode's colours for browsers that read them (the manifest has one theme colour; the
    // page's theme-color metas follow the scheme once it has loaded).
    user_preferences: { color_scheme_dark: { theme_color: DARK_THEME_COLOR, background_color: DARK_THEME_COLOR } },
    categories: ['social', 'photo'],
    icons: [icon('icon-192.png', 192, 'any'), icon('icon-512.png', 512, 'any'), icon('maskable-512.png', 512, 'maskable')],
  };
}

const IconParams = z.object({ name: z.string().max(40) });
const IconQuery = z.object({ v: z.string().max(40).optional() });

export default async function pwaRoutes(app: App) {
  const { db, config } = app.ctx;
  const storage = createStorage(config);
  const icons = new IconCache((err) => app.log.warn({ err }, 'logo unreadable for the app icons; the site mark is used'));

  app.get('/manifest.webmanifest', async (req, reply) => {
    const [{ siteName, tagline }, source] = await Promise.all([cachedSettings(db), iconSource(db, storage, config.webDir)]);
    const body = JSON.stringify(webManifest(siteName, tagline, source.version));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    // Asked again on each start of the app: a changed name or logo shows without waiting.
    reply.header('cache-control', 'no-cache').header('etag', etag).type('application/manifest+json; charset=utf-8');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return body;
  });

  app.get('/icons/:name', { schema: { params: IconParams, querystring: IconQuery } }, async (req, reply) => {
    const { name } = req.params;
    if (!isIconName(name)) throw notFound();
    const source = await iconSource(db, storage, config.webDir);
    const png = await icons.get(source, name);
    // The manifest's addresses carry the version and never change; the bare ones (Apple's
    // touch icon in index.html, the notification icons) are looked at again after an hour.
    const current = req.query.v === source.version;
    return reply
      .header('cache-control', current ? `public, max-age=${YEAR}, immutable` : 'public, max-age=3600')
      .header('etag', `"${source.version}"`)
      .type('image/png')
      .send(png);
  });
}
