// What the feeds hold: the newest posts a visitor may read, as feed items. A feed is public (no
// cookie, no member), so it is made for VISITOR alone and the same bytes suit every reader.
// Market (per category) and member galleries get their feeds here once those modules exist: a
// function returning a FeedChannel, a route in routes.ts and the module's cache tags.
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, posts } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { cachedSettings } from '../community/service.js';
import { allBoards, type Board, MSG } from '../posts/board-rules.js';
import { renderPost, tokenRefs } from '../posts/content.js';
import { can, VISITOR } from '../posts/policy.js';
import { renderLookups } from '../posts/view.js';
import { htmlToPlainText } from '../../../common/content/plain-text.js';
import type { FeedChannel, FeedItem } from './rss.js';
import { thumbUrl } from '../../../common/content/urls.js';

/** Items per feed: what a reader polling every few minutes needs, and no more. */
export const FEED_SIZE = 30;
const EXCERPT_MAX = 300;
/** Only the start of a post is read for its excerpt (a post may hold a megabyte). */
const CONTENT_HEAD = 4_000;

/** Where the site is: PUBLIC_ORIGIN, or the address the request came to. */
export interface FeedPlace {
  origin: string;
}

const feedColumns = {
  key: posts.key,
  boardId: posts.boardId,
  category: posts.category,
  subject: posts.subject,
  nickName: posts.nickName,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  head: sql<string>`substr(${posts.content}, 1, ${CONTENT_HEAD})`,
  photo: sql<string | null>`(select f.key from ${files} f where f.post_key = ${posts}.key and f.image order by f.sort, f.key limit 1)`,
};

/** Readable by a visitor: not deleted, not hidden after a report, not secret (decision 39). */
const visible = and(isNull(posts.deletedAt), isNull(posts.hiddenAt), eq(posts.secret, false));

async function newest(db: Db, where: SQL | undefined) {
  // "key desc nulls last": the order of the partial indexes (see boards/lists.ts).
  return db.select(feedColumns).from(posts).where(and(visible, where)).orderBy(sql`${posts.key} desc nulls last`).limit(FEED_SIZE);
}

type Row = Awaited<ReturnType<typeof newest>>[number];

/** The start of stored HTML cut at a tag or entity would show its half as text. */
const wholeMarkup = (head: string) => head.replace(/<[^>]*$/, '').replace(/&[#a-z0-9]*$/i, '');

async function itemsOf(db: Db, rows: Row[], all: Map<string, Board>, place: FeedPlace): Promise<FeedItem[]> {
  // Tokens (@{member}, ${board}, *{item}) read as a visitor sees them: one lookup for every item.
  const lookups = await renderLookups(db, VISITOR, tokenRefs(rows.map((r) => r.head)), all);
  return rows.map((r) => {
    const board = all.get(r.boardId);
    const category = board?.categories.find((c) => c.code === r.category)?.name;
    return {
      title: r.subject,
      link: `${place.origin}/board/${encodeURIComponent(r.boardId)}/view/${r.key}`,
      author: r.nickName,
      category: board ? (category ? `${board.name} › ${category}` : board.name) : undefined,
      description: htmlToPlainText(renderPost(wholeMarkup(r.head), [], lookups), EXCERPT_MAX),
      published: r.createdAt,
      thumbnail: r.photo ? place.origin + thumbUrl(r.photo) : undefined,
    };
  });
}

const lastBuild = (rows: Row[]) => (rows.length ? new Date(Math.max(...rows.map((r) => r.updatedAt.getTime()))) : undefined);

/** A board's feed, or one category's; a board a visitor may not read is not found. */
export async function boardFeed(db: Db, place: FeedPlace, boardId: string, category: string): Promise<FeedChannel> {
  const [all, settings] = await Promise.all([allBoards(db), cachedSettings(db)]);
  const board = all.get(boardId);
  // Not 403: a feed never says that a closed board exists.
  if (!board || !can(VISITOR, 'read', board)) throw notFound(MSG.noBoard);
  const cat = category === 'c0' ? null : board.categories.find((c) => c.code === category);
  if (cat === undefined) throw notFound(MSG.noCategory);
  const rows = await newest(db, cat ? and(eq(posts.boardId, board.id), eq(posts.category, cat.code)) : eq(posts.boardId, board.id));
  const name = cat ? `${board.name} › ${cat.name}` : board.name;
  const query = cat ? `?category=${cat.code}` : '';
  return {
    title: `${name} - ${settings.siteName}`,
    link: `${place.origin}/board/${encodeURIComponent(board.id)}/${cat?.code ?? 'c0'}/list`,
    self: `${place.origin}/feed/board/${encodeURIComponent(board.id)}.xml${query}`,
    description: board.description.trim() || `${settings.siteName} ${name} 게시판의 새 글`,
    lastBuild: lastBuild(rows),
    items: await itemsOf(db, rows, all, place),
  };
}

/** The all-list's feed: every board a visitor may read, hidden boards left out (as on /all/list). */
export async function allFeed(db: Db, place: FeedPlace): Promise<FeedChannel> {
  const [all, settings] = await Promise.all([allBoards(db), cachedSettings(db)]);
  const ids = [...all.values()].filter((b) => !b.hidden && can(VISITOR, 'read', b)).map((b) => b.id);
  const rows = ids.length ? await newest(db, inArray(posts.boardId, ids)) : [];
  return {
    title: `전체 새 글 - ${settings.siteName}`,
    link: `${place.origin}/all/list`,
    self: `${place.origin}/feed/all.xml`,
    description: `${settings.siteName}의 모든 게시판에 올라온 새 글`,
    lastBuild: lastBuild(rows),
    items: await itemsOf(db, rows, all, place),
  };
}
