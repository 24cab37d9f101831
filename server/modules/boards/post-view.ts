// One post: loading it, who may read it, counting the view, and the view itself.
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PostView } from '../../../common/api/boards.js';
import { STATUS_LABEL } from '../../../common/api/market.js';
import { HIDDEN_NOTICE_HTML } from '../../../common/api/reports.js';
import type { MarketItemRef } from '../../../common/content/render.js';
import type { Db, Tx } from '../../db/client.js';
import { files, marketItems, posts, products, users } from '../../db/schema/index.js';
import { forward } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { markArticleAlarmsRead, unreadArticleAlarms } from '../alarms/service.js';
import { cachedSettings } from '../community/service.js';
import { MARKET_BOARD } from '../market/policy.js';
import { renderPost, type RenderLookups, tokenRefs, type TokenRefs } from './content.js';
import { type Actor, can, postAbilities } from './policy.js';
import { presentFile, type PostFileRow } from './present.js';
import { allBoards, type Board, getBoard, MSG, readableBoardNames, requireRead } from './board-rules.js';
import { presentRows, summaryColumns } from './lists.js';
import { countView, kstDay } from './view-counter.js';

// ---------------------------------------------------------------------------------------------
// One post

export interface PostRow {
  key: number;
  boardId: string;
  userNo: number | null;
  nickName: string;
  subject: string;
  content: string;
  notice: boolean;
  deleted: boolean;
}

/** The post and its board, or the forward errors the view page shows. */
export async function loadPost(db: Tx, key: number): Promise<PostRow> {
  const [row] = await db
    .select({
      key: posts.key,
      boardId: posts.boardId,
      userNo: posts.userNo,
      nickName: posts.nickName,
      subject: posts.subject,
      content: posts.content,
      notice: posts.notice,
      deletedAt: posts.deletedAt,
    })
    .from(posts)
    .where(eq(posts.key, key))
    .limit(1);
  if (!row) throw forward(404, MSG.noPost);
  return { ...row, deleted: row.deletedAt !== null };
}

/** A post the caller may read (its own board decides), not deleted: the checks of every post call. */
export async function readablePost(db: Db, actor: Actor, key: number): Promise<{ post: PostRow; board: Board }> {
  const post = await loadPost(db, key);
  const board = await getBoard(db, post.boardId);
  requireRead(actor, board);
  if (post.deleted) throw forward(404, MSG.deleted);
  return { post, board };
}

/** Who is viewing, for counting a view once a day: the member, or a hash of address, browser and day. */
export function viewerId(member: Member | null, ip: string, userAgent: string | undefined): string {
  if (member) return `m:${member.no}`;
  return 'v:' + createHash('sha256').update(`${ip}\n${userAgent ?? ''}\n${kstDay()}`).digest('base64url').slice(0, 32);
}

/** Nicknames of the members that @{userId} tokens name, for the renderer. */
export async function nickNamesOf(db: Tx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.userId, nickName: users.nickName })
    .from(users)
    .where(and(inArray(users.userId, userIds.slice(0, 100)), eq(users.status, 'active')));
  return new Map(rows.map((r) => [r.userId, r.nickName ?? r.userId]));
}

/** Market items looked up for one render at most (a page of comments names many). */
const MARKET_LOOKUP_MAX = 500;

/**
 * The live items (neither the item nor its post deleted, the post not hidden) that * and ! tokens
 * name, in one query, and only for a reader who may read the market: everyone else sees #매물 N.
 */
async function marketItemsOf(db: Db, reader: Actor, keys: number[], boardMap: Map<string, Board>): Promise<Map<number, MarketItemRef>> {
  const market = boardMap.get(MARKET_BOARD);
  if (keys.length === 0 || !market || !can(reader, 'read', market)) return new Map();
  const rows = await db
    .select({
      key: marketItems.postKey,
      subject: posts.subject,
      // What the item stands at: an auction's highest bid, else its price.
      price: sql<number>`coalesce(${marketItems.currentPrice}, ${marketItems.price})`.mapWith(marketItems.price),
      status: marketItems.status,
      auction: marketItems.auction,
      // A buy-now or an admin's cancel ends an auction before its end time.
      end: sql<Date | null>`least(${marketItems.endedAt}, ${marketItems.endsAt})`.mapWith(marketItems.endsAt),
    })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .where(and(inArray(marketItems.postKey, keys.slice(0, MARKET_LOOKUP_MAX)), isNull(marketItems.deletedAt), isNull(posts.deletedAt), isNull(posts.hiddenAt)));
  return new Map(
    rows.map((r) => [
      Number(r.key),
      {
        subject: r.subject,
        price: r.price,
        ...(r.status === 'selling' ? {} : { status: STATUS_LABEL[r.status] }),
        auctionEnd: r.auction && r.end ? r.end.toISOString() : null,
      },
    ]),
  );
}

/**
 * What the renderer looks up for this reader (refs from tokenRefs): nicknames of the members
 * named in the content, the names of the boards and the market items the reader may read,
 * emoticons. Reads through db, so never call it inside a transaction (one PGlite connection).
 */
export async function renderLookups(db: Db, reader: Actor, refs: TokenRefs, all?: Map<string, Board>): Promise<RenderLookups> {
  const boards = all ? Promise.resolve(all) : allBoards(db);
  const [nickNames, boardMap, items, settings] = await Promise.all([
    nickNamesOf(db, refs.userIds),
    boards,
    boards.then((map) => marketItemsOf(db, reader, refs.marketKeys, map)),
    cachedSettings(db),
  ]);
  return { nickNames, boardNames: readableBoardNames(reader, boardMap), marketItems: items, emoticons: settings.emoticons };
}

type Neighbour = { key: number; subject: string } | null;
type FileRow = PostFileRow;

/**
 * Everything a view shows, in one round trip: the post with its author's users row, its files,
 * the older and newer post of the board (both walk the board's partial index) and the reader's own
 * recommendation, scrap and unread alarms about it (member 0, nobody, for a visitor). The rules (may read, deleted) are
 * checked on the result. A prepared statement per database: the query is built once, and
 * PostgreSQL parses and plans it once per connection.
 */
function buildViewRow(db: Db) {
  const mine = (table: 'recommendations' | 'favorites') =>
    sql<boolean>`exists(select 1 from ${sql.raw(table)} m where m.post_key = ${posts.key} and m.user_no = ${sql.placeholder('member')})`;
  return db
    .select({
      ...summaryColumns,
      content: posts.content,
      updatedAt: posts.updatedAt,
      editedAt: posts.editedAt,
      hiddenAt: posts.hiddenAt,
      deletedAt: posts.deletedAt,
      // A photo's EXIF summary and the visible products it names (a hidden product's page is closed).
      files: sql<FileRow[] | null>`(select json_agg(json_build_object('key', f.key, 'name', f.name, 'size', f.size, 'image', f.image, 'exif', f.exif,
          'camera', (select json_build_object('key', p.key, 'name', p.brand || ' ' || p.name) from ${products} p where p.id = f.camera_product_id and not p.hidden),
          'lens', (select json_build_object('key', p.key, 'name', p.brand || ' ' || p.name) from ${products} p where p.id = f.lens_product_id and not p.hidden)) order by f.sort)
        from ${files} f where f.post_key = ${posts.key})`,
      prev: sql<Neighbour>`(select json_build_object('key', n.key, 'subject', n.subject) from ${posts} n
        where n.board_id = ${posts.boardId} and n.deleted_at is null and n.key < ${posts.key} order by n.key desc nulls last limit 1)`,
      next: sql<Neighbour>`(select json_build_object('key', n.key, 'subject', n.subject) from ${posts} n
        where n.board_id = ${posts.boardId} and n.deleted_at is null and n.key > ${posts.key} order by n.key asc nulls first limit 1)`,
      recommended: mine('recommendations'),
      scrapped: mine('favorites'),
      unreadAlarms: unreadArticleAlarms(posts.key),
    })
    .from(posts)
    .leftJoin(users, eq(users.no, posts.userNo))
    .where(eq(posts.key, sql.placeholder('key')))
    .limit(1)
    .prepare('post_view_row');
}
const viewRows = new WeakMap<Db, ReturnType<typeof buildViewRow>>();

function viewRow(db: Db, key: number, memberNo: number | null) {
  let prepared = viewRows.get(db);
  if (!prepared) viewRows.set(db, (prepared = buildViewRow(db)));
  return prepared.execute({ key, member: memberNo ?? 0 });
}

const neighbour = (n: Neighbour) => (n ? { key: Number(n.key), subject: n.subject } : null);

/**
 * A post as the view page shows it: one query for the post and all around it, the view noted for
 * the node's next count (view-counter.ts), and for a member one statement marking the post's alarms read.
 * viewer null: the caller counts the view (a visitor's cached view, decision 22).
 */
export async function viewPost(db: Db, actor: Actor, key: number, viewer: string | null): Promise<PostView> {
  const member = actor.member;
  const [[row], boardMap] = await Promise.all([viewRow(db, key, member?.no ?? null), allBoards(db)]);
  if (!row) throw forward(404, MSG.noPost);
  const board = boardMap.get(row.boardId);
  if (!board) throw forward(404, MSG.noBoard);
  requireRead(actor, board);
  if (row.deletedAt !== null) throw forward(404, MSG.deleted);
  const post: PostRow = { ...row, deleted: false };
  // Hidden after a report: everyone but admins gets the notice instead of the text and files.
  const hidden = row.hiddenAt !== null;
  const concealed = hidden && !member?.admin;
  const fileRows = concealed ? [] : (row.files ?? []);
  const waiting = viewer ? countView(db, key, viewer) : 0;
  const [lookups, [summary]] = await Promise.all([
    renderLookups(db, actor, tokenRefs([post.content]), boardMap),
    presentRows(db, [row], boardMap),
    member && row.unreadAlarms ? markArticleAlarmsRead(db, member.no, key) : null,
  ]);
  return {
    ...summary!,
    category: row.category,
    views: row.views + waiting,
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    contentHtml: concealed ? HIDDEN_NOTICE_HTML : renderPost(post.content, fileRows, lookups),
    hidden,
    files: fileRows.map(presentFile),
    prev: neighbour(row.prev),
    next: neighbour(row.next),
    abilities: postAbilities(actor, board, post),
    recommended: Boolean(row.recommended),
    scrapped: Boolean(row.scrapped),
  };
}
