// A member's space (docs/product/gallery.md#personal-space): the public card and the posts, comments and market tabs.
// Every tab lists only what the caller may read: a post on a board they may not read is not
// listed, and a withdrawn member's space lists nothing.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SpaceComment, SpaceInfo } from '../../../common/api/gallery.js';
import { MarketListQuery, type MarketSummary } from '../../../common/api/market.js';
import type { PostPage } from '../../../common/api/boards.js';
import { htmlToPlainText } from '../../../common/content/plain-text.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import type { Db } from '../../db/client.js';
import { comments, levels, marketItems, museumExhibits, posts, users } from '../../db/schema/index.js';
import { forward } from '../../lib/errors.js';
import { isOwner } from '../../lib/roles.js';
import { allBoards, type Board } from '../posts/board-rules.js';
import { presentRows, summaryColumns } from '../posts/summaries.js';
import { ranksFor } from '../posts/present.js';
import { type Actor, can } from '../posts/policy.js';
import { listItems } from '../market/item-read.js';
import { GALLERY_BOARD, MARKET_BOARD } from '../posts/kinds.js';

const POSTS_SIZE = PAGE_SIZE.board;
const COMMENTS_SIZE = PAGE_SIZE.board;
const MARKET_SIZE = PAGE_SIZE.market;
const EXCERPT_MAX = 100;

export const MSG = { noMember: '회원을 찾을 수 없습니다.' } as const;

interface SpaceMember {
  no: number;
  userId: string;
  nickName: string | null;
  joinDate: Date;
  real: boolean;
  status: string;
  levelName: string | null;
  points: number;
}

async function findMember(db: Db, userId: string): Promise<SpaceMember | null> {
  const [row] = await db
    .select({ no: users.no, userId: users.userId, nickName: users.nickName, joinDate: users.joinDate, real: users.real, status: users.status, points: users.points, levelName: levels.name })
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .where(eq(users.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Boards whose posts the posts tab lists (readable, not hidden) and those whose comments show (readable). */
function readable(actor: Actor, all: Map<string, Board>) {
  const boards = [...all.values()].filter((b) => can(actor, 'read', b));
  return { postBoards: boards.filter((b) => !b.hidden).map((b) => b.id), commentBoards: boards.map((b) => b.id) };
}

const livePostsOf = (no: number, boardIds: string[]) => and(eq(posts.userNo, no), isNull(posts.deletedAt), inArray(posts.boardId, boardIds.length ? boardIds : ['']));
const liveCommentsOf = (no: number, boardIds: string[]) =>
  // Comments on a secret post stay with it (decision 39).
  and(eq(comments.userNo, no), isNull(comments.deletedAt), isNull(comments.hiddenAt), isNull(posts.deletedAt), eq(posts.secret, false), inArray(posts.boardId, boardIds.length ? boardIds : ['']));

/** /api/space/info: the public card. Only what anyone may know: never email, points or history. */
export async function spaceInfo(db: Db, actor: Actor, userId: string): Promise<z.input<typeof SpaceInfo>> {
  const [m, all] = await Promise.all([findMember(db, userId), allBoards(db)]);
  if (!m) throw forward(404, MSG.noMember);
  const mine = isOwner(actor, m.no);
  if (m.status === 'withdrawn') {
    return {
      userId: m.userId,
      nickName: '',
      levelKey: null,
      levelName: '',
      joinDate: m.joinDate.toISOString(),
      real: false,
      withdrawn: true,
      counts: { posts: 0, gallery: 0, market: 0, comments: 0, museum: 0 },
      mine,
    };
  }
  const { postBoards, commentBoards } = readable(actor, all);
  const gallery = all.get(GALLERY_BOARD);
  const market = all.get(MARKET_BOARD);
  const count = (q: Promise<Array<{ n: number }>>) => q.then((r) => Number(r[0]?.n ?? 0));
  const n = sql<number>`count(*)::int`;
  const [postCount, galleryCount, marketCount, commentCount, museumCount, rank] = await Promise.all([
    count(db.select({ n }).from(posts).where(livePostsOf(m.no, postBoards))),
    gallery && can(actor, 'read', gallery)
      ? count(db.select({ n }).from(posts).where(and(eq(posts.userNo, m.no), eq(posts.boardId, GALLERY_BOARD), isNull(posts.deletedAt), isNull(posts.hiddenAt))))
      : 0,
    market && can(actor, 'read', market) ? count(db.select({ n }).from(marketItems).where(and(eq(marketItems.sellerNo, m.no), isNull(marketItems.deletedAt)))) : 0,
    count(db.select({ n }).from(comments).innerJoin(posts, eq(posts.key, comments.postKey)).where(liveCommentsOf(m.no, commentBoards))),
    gallery && can(actor, 'read', gallery)
      ? count(
          db
            .select({ n })
            .from(museumExhibits)
            .innerJoin(posts, eq(posts.key, museumExhibits.postKey))
            .where(and(eq(museumExhibits.userNo, m.no), isNull(posts.deletedAt), isNull(posts.hiddenAt))),
        )
      : 0,
    ranksFor(db, [{ userNo: m.no, points: m.points, status: m.status }]).then((r) => r.get(m.no) ?? null),
  ]);
  return {
    userId: m.userId,
    nickName: m.nickName ?? '',
    // A suspended member keeps their card but shows no stars (as on their posts).
    levelKey: rank,
    levelName: m.levelName ?? '',
    joinDate: m.joinDate.toISOString(),
    real: m.real,
    withdrawn: false,
    counts: { posts: postCount, gallery: galleryCount, market: marketCount, comments: commentCount, museum: museumCount },
    mine,
  };
}

/** The member's number when their space lists anything (active or suspended; not withdrawn). */
async function listedMember(db: Db, userId: string): Promise<number | null> {
  const m = await findMember(db, userId);
  if (!m) throw forward(404, MSG.noMember);
  return m.status === 'withdrawn' ? null : m.no;
}

/** /api/space/posts: the member's posts on boards the caller may read (hidden boards' posts have their own tabs). */
export async function spacePosts(db: Db, actor: Actor, userId: string, page: number): Promise<PostPage> {
  const [no, all] = await Promise.all([listedMember(db, userId), allBoards(db)]);
  const empty = { items: [], page, pageSize: POSTS_SIZE, total: 0 };
  if (no === null) return empty;
  const { postBoards } = readable(actor, all);
  if (postBoards.length === 0) return empty;
  const where = livePostsOf(no, postBoards);
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(posts)
      .leftJoin(users, eq(users.no, posts.userNo))
      .where(where)
      .orderBy(desc(posts.key))
      .limit(POSTS_SIZE)
      .offset((page - 1) * POSTS_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(posts).where(where),
  ]);
  return { items: await presentRows(db, rows, all), page, pageSize: POSTS_SIZE, total: Number(count?.n ?? 0) };
}

/** /api/space/comments: the member's comments on posts the caller may read, newest first. */
export async function spaceComments(db: Db, actor: Actor, userId: string, page: number) {
  const [no, all] = await Promise.all([listedMember(db, userId), allBoards(db)]);
  const empty = { items: [] as z.input<typeof SpaceComment>[], page, pageSize: COMMENTS_SIZE, total: 0 };
  if (no === null) return empty;
  const { commentBoards } = readable(actor, all);
  if (commentBoards.length === 0) return empty;
  const where = liveCommentsOf(no, commentBoards);
  const [rows, [count]] = await Promise.all([
    db
      .select({ commentKey: comments.key, content: comments.content, createdAt: comments.createdAt, postKey: posts.key, boardId: posts.boardId, subject: posts.subject })
      .from(comments)
      .innerJoin(posts, eq(posts.key, comments.postKey))
      .where(where)
      .orderBy(desc(comments.key))
      .limit(COMMENTS_SIZE)
      .offset((page - 1) * COMMENTS_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(comments).innerJoin(posts, eq(posts.key, comments.postKey)).where(where),
  ]);
  const items = rows.map((r) => ({
    commentKey: Number(r.commentKey),
    boardId: r.boardId,
    boardName: all.get(r.boardId)?.name ?? '',
    postKey: Number(r.postKey),
    postSubject: r.subject,
    // Comments are plain text; the client escapes it like any text.
    excerpt: htmlToPlainText(r.content, EXCERPT_MAX),
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, page, pageSize: COMMENTS_SIZE, total: Number(count?.n ?? 0) };
}

/** /api/space/market: the member's market items, every status (the market's own list with `seller`). */
export async function spaceMarket(db: Db, actor: Actor, userId: string, page: number) {
  const [no, all] = await Promise.all([listedMember(db, userId), allBoards(db)]);
  const board = all.get(MARKET_BOARD);
  if (no === null || !board || !can(actor, 'read', board)) return { items: [] as MarketSummary[], page, pageSize: MARKET_SIZE, total: 0 };
  return listItems(db, actor, MarketListQuery.parse({ seller: userId, page }), new Date());
}
