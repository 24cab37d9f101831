// What a sitemap source is: the files it names and the URLs in each. The sources themselves are
// listed in sources.ts (boards, posts, products, the market) and gallery.ts (galleries, spaces).
import type { Db } from '../../db/client.js';

export interface SitemapUrl {
  /** Path on the site ("/board/free/view/12"); the caller adds the origin. */
  path: string;
  lastmod: Date | null;
}

export interface SitemapSource {
  /** File name: "boards" -> /sitemap/boards.xml; paged "posts" -> /sitemap/posts-{n}.xml. */
  name: string;
  paged: boolean;
  /** A write naming one of these tags (answersChanged) drops the source's cached files everywhere. */
  tags: string[];
  /** The page numbers holding at least one URL, ascending (an unpaged source: [0] or []). */
  pages(db: Db, perFile: number): Promise<number[]>;
  urls(db: Db, page: number, perFile: number): Promise<SitemapUrl[]>;
}

/** The keys of a paged source's file: page n holds keys n*perFile … (n+1)*perFile-1. */
export const keyRange = (page: number, perFile: number) => [page * perFile, (page + 1) * perFile - 1] as const;
