// The two document shapes of the sitemaps.org protocol 0.9: a sitemap index and a URL set.
// https://www.sitemaps.org/protocol.html — UTF-8, entity-escaped absolute URLs, W3C dates.

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The protocol's limit per file (URLs in a URL set, files in an index). */
export const MAX_URLS_PER_FILE = 50_000;

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod?: Date | null;
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** W3C Datetime to the second (the protocol's form), in UTC. */
const w3cDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');

function entry(tag: 'url' | 'sitemap', e: SitemapEntry): string {
  const lastmod = e.lastmod ? `<lastmod>${w3cDate(e.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(e.loc)}</loc>${lastmod}</${tag}>`;
}

const document = (root: 'urlset' | 'sitemapindex', tag: 'url' | 'sitemap', entries: SitemapEntry[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${SITEMAP_NS}">\n` +
  entries.map((e) => entry(tag, e) + '\n').join('') +
  `</${root}>\n`;

export const urlSet = (entries: SitemapEntry[]) => document('urlset', 'url', entries);
export const sitemapIndex = (entries: SitemapEntry[]) => document('sitemapindex', 'sitemap', entries);
