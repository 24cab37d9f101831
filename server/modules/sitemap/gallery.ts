// Sitemap sources of the galleries (sources.ts lists them): gallery items a visitor may
// read, by key ranges like posts, and the spaces of members who share something.
import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { posts, users } from '../../db/schema/index.js';
import { allBoards } from '../posts/board-rules.js';
import { can, VISITOR } from '../posts/policy.js';
import { keyRange, type SitemapSource } from './source.js';
import { GALLERY_BOARD } from '../posts/kinds.js';

const galleryOpen = async (db: Db) => {
  const board = (await allBoards(db)).get(GALLERY_BOARD);
  return !!board && can(VISITOR, 'read', board);
};

/** Gallery items, neither deleted nor hidden after a report; the first file also lists the gallery. */
export const gallerySource: SitemapSource = {
  name: 'gallery',
  paged: true,
  tags: ['boards', 'board:gallery'],
  async pages(db, perFile) {
    if (!(await galleryOpen(db))) return [];
    const result = await db.execute(sql`
      select distinct (key / ${perFile}::bigint)::int as n from ${posts}
      where board_id = ${GALLERY_BOARD} and deleted_at is null and hidden_at is null order by n`);
    return rowsOf<{ n: number | string }>(result).map((r) => Number(r.n));
  },
  async urls(db, page, perFile) {
    if (!(await galleryOpen(db))) return [];
    const rows = await db
      .select({ key: posts.key, updatedAt: posts.updatedAt })
      .from(posts)
      .where(and(eq(posts.boardId, GALLERY_BOARD), between(posts.key, ...keyRange(page, perFile)), isNull(posts.deletedAt), isNull(posts.hiddenAt)))
      .orderBy(asc(posts.key));
    const items = rows.map((r) => ({ path: `/gallery/view/${r.key}`, lastmod: r.updatedAt }));
    const first = (await this.pages(db, perFile))[0];
    return page === first ? [{ path: '/today/photo/list', lastmod: null }, ...items] : items;
  },
};

/** Spaces of active members with at least one gallery item (a space with nothing in it is thin content). */
const sharing = sql`status = 'active' and exists (select 1 from posts p where p.user_no = users.no and p.board_id = ${GALLERY_BOARD} and p.deleted_at is null and p.hidden_at is null)`;
export const spacesSource: SitemapSource = {
  name: 'spaces',
  paged: true,
  tags: ['boards', 'board:gallery'],
  async pages(db, perFile) {
    if (!(await galleryOpen(db))) return [];
    const result = await db.execute(sql`select distinct (no / ${perFile}::int)::int as n from ${users} where ${sharing} order by n`);
    return rowsOf<{ n: number | string }>(result).map((r) => Number(r.n));
  },
  async urls(db, page, perFile) {
    if (!(await galleryOpen(db))) return [];
    const rows = await db
      .select({ userId: users.userId })
      .from(users)
      .where(and(between(users.no, ...keyRange(page, perFile)), sharing))
      .orderBy(asc(users.no));
    return rows.map((r) => ({ path: `/space/${encodeURIComponent(r.userId)}`, lastmod: null }));
  },
};
