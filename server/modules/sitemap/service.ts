// The sitemap index and its files, as XML text for a given origin. perFile is the URLs per file
// (the protocol allows 50,000; tests lower it to see a second page).
import type { Db } from '../../db/client.js';
import type { SitemapSource } from './source.js';
import { SITEMAP_SOURCES } from './sources.js';
import { MAX_URLS_PER_FILE, sitemapIndex, urlSet } from './xml.js';

export const DEFAULT_PER_FILE = MAX_URLS_PER_FILE;

/** Every tag any file depends on: the index changes whenever one of its files may. */
export const INDEX_TAGS = [...new Set(SITEMAP_SOURCES.flatMap((s) => s.tags))];

const fileName = (source: SitemapSource, page: number) => (source.paged ? `${source.name}-${page}.xml` : `${source.name}.xml`);

/** The file names the index lists: only files with at least one URL. */
export async function sitemapFiles(db: Db, perFile = DEFAULT_PER_FILE): Promise<string[]> {
  const pages = await Promise.all(SITEMAP_SOURCES.map((s) => s.pages(db, perFile)));
  return SITEMAP_SOURCES.flatMap((s, i) => pages[i]!.map((n) => fileName(s, n)));
}

export async function indexXml(db: Db, origin: string, perFile = DEFAULT_PER_FILE): Promise<string> {
  const files = await sitemapFiles(db, perFile);
  return sitemapIndex(files.map((f) => ({ loc: `${origin}/sitemap/${f}` })));
}

/** "posts-3.xml" -> the source and page it names; undefined for any other name. */
export function parseFileName(file: string): { source: SitemapSource; page: number } | undefined {
  const m = /^([a-z]+)(?:-(\d{1,9}))?\.xml$/.exec(file);
  if (!m) return undefined;
  const source = SITEMAP_SOURCES.find((s) => s.name === m[1]);
  if (!source || source.paged !== (m[2] !== undefined)) return undefined;
  // One spelling per page: "posts-01.xml" is not "posts-1.xml".
  if (m[2] !== undefined && String(Number(m[2])) !== m[2]) return undefined;
  return { source, page: m[2] === undefined ? 0 : Number(m[2]) };
}

/** A file's XML, or null when it holds no URL (an empty URL set is not a valid sitemap). */
export async function fileXml(db: Db, origin: string, source: SitemapSource, page: number, perFile = DEFAULT_PER_FILE): Promise<string | null> {
  const urls = await source.urls(db, page, perFile);
  if (urls.length === 0) return null;
  return urlSet(urls.map((u) => ({ loc: origin + u.path, lastmod: u.lastmod })));
}
