// What the sitemap lists: only what a visitor may read. Each source names its files; a paged one
// splits by key ranges (page n holds keys n*perFile … (n+1)*perFile-1), so a file is one range
// read on the primary key, never an OFFSET, and a million posts make some twenty files.
// Market items have a source of their own here; galleries and spaces theirs in gallery.ts.
import { and, asc, between, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { PRODUCTS_TAG } from '../../lib/answer-cache.js';
import { marketItems, posts, products } from '../../db/schema/index.js';
import { allBoards, type Board } from '../posts/board-rules.js';
import { can, VISITOR } from '../posts/policy.js';
import { gallerySource, spacesSource } from './gallery.js';
import { keyRange, type SitemapSource } from './source.js';
import { MARKET_BOARD } from '../posts/kinds.js';

/** Boards a visitor may read and that the site lists (a hidden board's address stays unadvertised). */
export async function publicBoards(db: Db): Promise<Board[]> {
  return [...(await allBoards(db)).values()].filter((b) => can(VISITOR, 'read', b) && !b.hidden);
}

const dateOf = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * The key ranges holding at least one row that passes `visible`: a loose index scan (one
 * min(key) probe per filled range), so empty ranges are skipped without reading every row.
 */
async function filledRanges(db: Db, table: string, key: string, visible: SQL, perFile: number): Promise<number[]> {
  const t = sql.raw(table);
  const k = sql.raw(key);
  const result = await db.execute(sql`
    with recursive filled(n) as (
      select (select min(${k}) from ${t} where ${visible}) / ${perFile}::bigint
      union all
      select (select min(${k}) from ${t} where ${k} >= (filled.n + 1) * ${perFile}::bigint and ${visible}) / ${perFile}::bigint
      from filled where filled.n is not null
    )
    select n::int as n from filled where n is not null order by n`);
  return rowsOf<{ n: number | string }>(result).map((r) => Number(r.n));
}

// ---------------------------------------------------------------------------------------------

/** The front page, the all-list and every public board's list, dated by their newest post. */
const boardsSource: SitemapSource = {
  name: 'boards',
  paged: false,
  tags: ['boards', 'all'],
  pages: async () => [0],
  async urls(db) {
    const list = await publicBoards(db);
    if (list.length === 0) return [{ path: '/', lastmod: null }];
    // Each board's newest readable post, read through the board's list index.
    const result = await db.execute(sql`
      select b.id, (select p.updated_at from posts p
                    where p.board_id = b.id and p.deleted_at is null and p.hidden_at is null
                    order by p.key desc limit 1) as at
      from boards b where b.id in (${idList(list.map((b) => b.id))})`);
    const newest = new Map(rowsOf<{ id: string; at: unknown }>(result).map((r) => [r.id, dateOf(r.at)]));
    const dates = [...newest.values()].filter((d): d is Date => d !== null);
    const latest = dates.length > 0 ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null;
    return [
      { path: '/', lastmod: latest },
      { path: '/all/list', lastmod: latest },
      ...list.map((b) => ({ path: `/board/${encodeURIComponent(b.id)}/c0/list`, lastmod: newest.get(b.id) ?? null })),
    ];
  },
};

/** Posts neither deleted nor hidden after a report, on the public boards. */
const postsSource: SitemapSource = {
  name: 'posts',
  paged: true,
  tags: ['boards', 'all'],
  async pages(db, perFile) {
    const ids = (await publicBoards(db)).map((b) => b.id);
    if (ids.length === 0) return [];
    return filledRanges(db, 'posts', 'key', sql`deleted_at is null and hidden_at is null and board_id in (${idList(ids)})`, perFile);
  },
  async urls(db, page, perFile) {
    const ids = (await publicBoards(db)).map((b) => b.id);
    if (ids.length === 0) return [];
    const rows = await db
      .select({ key: posts.key, boardId: posts.boardId, updatedAt: posts.updatedAt })
      .from(posts)
      .where(and(between(posts.key, ...keyRange(page, perFile)), isNull(posts.deletedAt), isNull(posts.hiddenAt), eq(posts.secret, false), inArray(posts.boardId, ids)))
      .orderBy(asc(posts.key));
    return rows.map((r) => ({ path: `/board/${encodeURIComponent(r.boardId)}/view/${r.key}`, lastmod: r.updatedAt }));
  },
};

/** Products members and visitors see: not hidden and not merged into another. */
const productsSource: SitemapSource = {
  name: 'products',
  paged: true,
  tags: [PRODUCTS_TAG],
  pages: (db, perFile) => filledRanges(db, 'products', 'id', sql`hidden = false and merged_into is null`, perFile),
  async urls(db, page, perFile) {
    const rows = await db
      .select({ key: products.key, updatedAt: products.updatedAt })
      .from(products)
      .where(and(between(products.id, ...keyRange(page, perFile)), eq(products.hidden, false), isNull(products.mergedInto)))
      .orderBy(asc(products.id));
    return rows.map((r) => ({ path: `/info/view/${encodeURIComponent(r.key)}`, lastmod: r.updatedAt }));
  },
};

/**
 * Market items a visitor may read (the market open to visitors; neither the item nor its post
 * deleted, nor hidden after a report), sold ones too: their pages carry the price history's
 * data.
 */
const marketVisible = sql`deleted_at is null and post_key in (select p.key from posts p where p.key = market_items.post_key and p.deleted_at is null and p.hidden_at is null)`;
const marketOpen = async (db: Db) => {
  const market = (await allBoards(db)).get(MARKET_BOARD);
  return !!market && can(VISITOR, 'read', market);
};
const marketSource: SitemapSource = {
  name: 'market',
  paged: true,
  tags: ['boards', 'market'],
  async pages(db, perFile) {
    if (!(await marketOpen(db))) return [];
    return filledRanges(db, 'market_items', 'post_key', marketVisible, perFile);
  },
  async urls(db, page, perFile) {
    if (!(await marketOpen(db))) return [];
    const rows = await db
      .select({ key: marketItems.postKey, updatedAt: posts.updatedAt })
      .from(marketItems)
      .innerJoin(posts, eq(posts.key, marketItems.postKey))
      .where(and(between(marketItems.postKey, ...keyRange(page, perFile)), isNull(marketItems.deletedAt), isNull(posts.deletedAt), isNull(posts.hiddenAt)))
      .orderBy(asc(marketItems.postKey));
    return rows.map((r) => ({ path: `/market/view/${r.key}`, lastmod: r.updatedAt }));
  },
};

export const SITEMAP_SOURCES: readonly SitemapSource[] = [boardsSource, postsSource, productsSource, marketSource, gallerySource, spacesSource];
