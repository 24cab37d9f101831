// robots.txt: the site is open to crawlers except the admin area, the API and the pages that
// are a member's own or a form (see web/routes.tsx). Photos under /api/file/down stay fetchable,
// so link previews (og:image) and image search still find them.

/** Path prefixes crawlers are asked to leave alone; "*" matches any run of characters. */
export const DISALLOWED = [
  '/system',
  '/api/',
  '/my',
  '/user/', // join, real-name checks
  '/letter/',
  '/favorite/',
  '/gallery/my/',
  '/board/*/write',
  '/board/*/edit/',
  '/market/write',
  '/market/edit/',
  '/donate/',
  '/error/',
  // Search results: endless variations of the lists already listed.
  '/*?q=',
] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/file/down/',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
