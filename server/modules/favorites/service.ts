// Scraps (favourites): a member keeps posts they may read; the list links back to each post.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FavoritePage } from '../../../common/api/boards.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import type { Db } from '../../db/client.js';
import { favorites, posts } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { type Actor, can, requireInReach } from '../posts/policy.js';
import { summariesByKeys } from '../posts/summaries.js';
import { readablePost } from '../posts/view.js';

export const MSG = { noFavorite: '스크랩을 찾을 수 없습니다.', cannot: '이 글은 스크랩할 수 없습니다.' } as const;

/** Adds a scrap; adding it again changes nothing. */
export async function addFavorite(db: Db, actor: Actor, key: number): Promise<void> {
  const { post, board } = await readablePost(db, actor, key);
  requireInReach(post, 'scrap');
  if (!can(actor, 'scrap', board, post)) throw forbidden(MSG.cannot);
  await db.insert(favorites).values({ userNo: actor.member!.no, postKey: key }).onConflictDoNothing();
}

export async function deleteFavorite(db: Db, userNo: number, by: { key?: number | undefined; favoriteKey?: number | undefined }) {
  const target = by.favoriteKey !== undefined ? eq(favorites.key, by.favoriteKey) : eq(favorites.postKey, by.key!);
  const gone = await db
    .delete(favorites)
    .where(and(eq(favorites.userNo, userNo), target))
    .returning({ key: favorites.key });
  if (gone.length === 0) throw notFound(MSG.noFavorite);
}

/** The member's scraps, newest first; posts deleted since are left out. */
export async function listFavorites(db: Db, userNo: number, page: number): Promise<z.infer<typeof FavoritePage>> {
  const size = PAGE_SIZE.board;
  const mine = and(eq(favorites.userNo, userNo), isNull(posts.deletedAt));
  const [rows, [count]] = await Promise.all([
    db
      .select({ favoriteKey: favorites.key, postKey: favorites.postKey, createdAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(posts, eq(posts.key, favorites.postKey))
      .where(mine)
      .orderBy(desc(favorites.key))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .innerJoin(posts, eq(posts.key, favorites.postKey))
      .where(mine),
  ]);
  const summaries = await summariesByKeys(
    db,
    rows.map((r) => r.postKey),
  );
  const items = rows.flatMap((r) => {
    const s = summaries.get(r.postKey);
    if (!s) return [];
    return [
      {
        favoriteKey: r.favoriteKey,
        boardId: s.boardId,
        boardName: s.boardName,
        key: s.key,
        subject: s.subject,
        author: s.author,
        scrappedAt: r.createdAt.toISOString(),
      },
    ];
  });
  return { items, page, pageSize: size, total: Number(count?.n ?? 0) };
}
