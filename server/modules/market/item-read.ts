// What members and visitors read of the market: the categories, a page of items (one statement
// with its total) and one item (one statement with its files, the caller's scrap, the auction's
// leader and the product's recent prices).
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { MarketListQuery, MarketPage, MarketView, TracePoint } from '../../../common/api/market.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import { HIDDEN_NOTICE_HTML } from '../../../common/api/reports.js';
import { type Db, perDatabase, type Tx } from '../../db/client.js';
import { favorites, marketItems, posts, products, users } from '../../db/schema/index.js';
import { forward, notFound } from '../../lib/errors.js';
import { isAdmin } from '../../lib/roles.js';
import type { ReadGate } from '../../lib/read-gate.js';
import { markArticleAlarmsRead, unreadArticleAlarms } from '../alarms/service.js';
import { getBoard, requireRead } from '../posts/board-rules.js';
import { renderPost, tokenRefs } from '../posts/content.js';
import { type Actor, mayReadHidden } from '../posts/policy.js';
import { renderLookups } from '../posts/view.js';
import { countView } from '../posts/view-counter.js';
import { postFilesJson, presentAuthor, presentFile, ranksFor } from '../posts/present.js';
import { normaliseText, searchCondition } from '../posts/search.js';
import { allSlices } from '../posts/search-slices.js';
import { settleIfDue } from './auction-ending.js';
import { auctionState } from './auction-state.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { marketAbilities, MSG, OPEN_STATUSES } from './policy.js';
import { itemColumns, type ItemRow, presentItem, presentItems, withItemJoins } from './present.js';
import { productByKey } from './product-link.js';

export const LIST_SIZE = PAGE_SIZE.market;
/** Recent sold prices of the item's product shown beside its asking price. */
export const RECENT_PRICES = 5;

/** The market's categories (the market board's, edited in the admin's board page). */
export async function marketCategories(db: Db) {
  const board = await getBoard(db, MARKET_BOARD);
  return board.categories.map((c) => ({ code: c.code, name: c.name }));
}

type ListQuery = z.output<typeof MarketListQuery>;

/** Items of the product and of every product merged into it. */
export const ofProduct = (productId: number) =>
  sql`${marketItems.productId} in (select p.id from ${products} p where p.id = ${productId} or p.merged_into = ${productId})`;

/** Not deleted, and (for everyone but admins) not hidden after a report. */
export const liveItem = (admin: boolean) => and(isNull(marketItems.deletedAt), isNull(posts.deletedAt), admin ? undefined : isNull(posts.hiddenAt))!;

/** What an auction's card stands at: its highest bid, or its (start) price. */
const standingPrice = sql`coalesce(${marketItems.currentPrice}, ${marketItems.price})`;

/** The conditions of a list query (the product already resolved to its id). */
/** searchSlices: the token prefixes of every slice of the market's board (a search covers all its posts). */
export function listConditions(q: ListQuery, admin: boolean, productId: number | null, searchSlices: string[] = []): SQL {
  const conds: Array<SQL | undefined> = [liveItem(admin)];
  // Items for sale unless wanted ads are asked for; a seller's own list holds both.
  const kind = q.kind ?? (q.seller ? undefined : 'sell');
  if (kind) conds.push(eq(marketItems.kind, kind));
  if (q.category !== 'all') conds.push(eq(marketItems.category, q.category));
  // Sold, unsold and cancelled items are hidden unless asked for; a seller's own list shows them all.
  if (q.status === undefined) conds.push(q.seller ? undefined : inArray(marketItems.status, [...OPEN_STATUSES]));
  else if (q.status !== 'all') conds.push(eq(marketItems.status, q.status));
  if (q.region) conds.push(eq(marketItems.region, q.region));
  if (q.minPrice !== undefined) conds.push(sql`${standingPrice} >= ${q.minPrice}`);
  if (q.maxPrice !== undefined) conds.push(sql`${standingPrice} <= ${q.maxPrice}`);
  if (q.auction !== undefined) conds.push(eq(marketItems.auction, q.auction));
  if (q.seller) conds.push(sql`${marketItems.sellerNo} = (select u.no from ${users} u where u.user_id = ${q.seller})`);
  if (productId !== null) conds.push(ofProduct(productId));
  if (q.search) {
    // The boards' Korean search on the market's posts, as a sub-query answered once from the token
    // index (with sequential scans off, listItems), its keys then matched against the market's items.
    const found = searchCondition(searchSlices, 'all', q.search);
    if (found) conds.push(sql`${posts.key} = any(array(select ${posts.key} from ${posts} where ${posts.boardId} = ${MARKET_BOARD} and ${found}))`);
    // A board without slices has no posts to find.
    else if (normaliseText(q.search)) conds.push(sql`false`);
  }
  return and(...conds)!;
}

/** The newest (bumped) first; the partial indexes on (bumped_at desc, post_key desc) match it. */
export const listOrder = [desc(marketItems.bumpedAt), desc(marketItems.postKey)];

/**
 * A page of items (every filter of MarketListQuery); the total comes with the rows. A search's
 * statement takes its turn through the read gate when one is given (decision 20), so a storm of
 * searches leaves lists, views and writes their connections.
 */
export async function listItems(db: Db, actor: Actor, q: ListQuery, now: Date, gate?: ReadGate): Promise<z.input<typeof MarketPage>> {
  const board = await getBoard(db, MARKET_BOARD);
  requireRead(actor, board);
  if (q.category !== 'all' && !board.categories.some((c) => c.code === q.category)) throw forward(404, MSG.noCategory);
  let productId: number | null = null;
  if (q.productKey) {
    const p = await productByKey(db, q.productKey);
    if (!p) throw notFound(MSG.noProduct, 'no_product');
    productId = p.id;
  }
  const admin = isAdmin(actor);
  const where = listConditions(q, admin, productId, q.search ? await allSlices(db, MARKET_BOARD) : []);
  // The page's keys and the total first, on the items and their posts only; the cards' joins and
  // photo sub-query then run for the page's rows, not for every match (a search may match
  // thousands).
  const keysOf = (reader: Db | Tx) =>
    reader
      .select({ key: marketItems.postKey, total: sql<number>`count(*) over ()::int` })
      .from(marketItems)
      .innerJoin(posts, eq(posts.key, marketItems.postKey))
      .where(where)
      .orderBy(...listOrder)
      .limit(LIST_SIZE)
      .offset((q.page - 1) * LIST_SIZE);
  const countOf = async (reader: Db | Tx) => {
    const [row] = await reader.select({ n: sql<number>`count(*)::int` }).from(marketItems).innerJoin(posts, eq(posts.key, marketItems.postKey)).where(where);
    return Number(row?.n ?? 0);
  };
  // Past the last page the window count has no row to ride on: counted on its own.
  const pageAndTotal = async (reader: Db | Tx) => {
    const rows = await keysOf(reader);
    return { rows, total: rows[0] ? Number(rows[0].total) : q.page > 1 ? await countOf(reader) : 0 };
  };
  // The gate turns sequential scans off: the planner prices a scan of the posts by their number,
  // not by comparing each row's token array, and for a word in many posts chose to scan every
  // post (90 ms on 25,000 market posts, embedded) over the token index (9 ms).
  const { rows: found, total } = q.search && gate ? await gate.run(pageAndTotal) : await pageAndTotal(db);
  const keys = found.map((r) => r.key);
  const rows = keys.length === 0 ? [] : await withItemJoins(db.select(itemColumns).from(marketItems).$dynamic()).where(inArray(marketItems.postKey, keys)).orderBy(...listOrder);
  return { items: await presentItems(db, rows as ItemRow[], board, now), page: q.page, pageSize: LIST_SIZE, total };
}

// ---------------------------------------------------------------------------------------------
// One item

type Leader = { userId: string; nickName: string | null; status: string; points: number } | null;
type RecentRow = { at: string; price: number | string; key: number | string; subject: string };

const viewColumns = {
  ...itemColumns,
  content: posts.content,
  itemDeletedAt: marketItems.deletedAt,
  postDeletedAt: posts.deletedAt,
  files: postFilesJson(marketItems.postKey),
  scrapped: sql<boolean>`exists(select 1 from ${favorites} s where s.post_key = ${marketItems.postKey} and s.user_no = ${sql.placeholder('member')})`,
  unreadAlarms: unreadArticleAlarms(marketItems.postKey),
  leader: sql<Leader>`(select json_build_object('userId', l.user_id, 'nickName', l.nick_name, 'status', l.status, 'points', l.points) from ${users} l where l.no = ${marketItems.leaderNo})`,
  recent: sql<RecentRow[]>`(select coalesce(json_agg(json_build_object('at', r.sold_at, 'price', r.sold_price, 'key', r.post_key, 'subject', r.subject) order by r.sold_at desc), '[]'::json)
    from (select m.sold_at, m.sold_price, m.post_key, rp.subject from ${marketItems} m join ${posts} rp on rp.key = m.post_key
      where m.product_id = ${marketItems.productId} and m.status = 'sold' and m.sold_at is not null and m.deleted_at is null
        and rp.deleted_at is null and rp.hidden_at is null and m.post_key <> ${marketItems.postKey}
      order by m.sold_at desc nulls last limit ${sql.raw(String(RECENT_PRICES))}) r)`,
};

function buildViewRow(db: Db) {
  return withItemJoins(db.select(viewColumns).from(marketItems).$dynamic())
    .where(eq(marketItems.postKey, sql.placeholder('key')))
    .limit(1)
    .prepare('market_view_row');
}
const viewRows = perDatabase(buildViewRow);

export const tracePoint = (r: RecentRow): TracePoint => ({ at: new Date(r.at).toISOString(), price: Number(r.price), key: Number(r.key), subject: r.subject });

/**
 * An item as its page shows it, for this caller. viewer: who to count the view for (null: the
 * caller counts it, as for a visitor's cached view).
 */
export async function viewItem(db: Db, actor: Actor, key: number, viewer: string | null, now: Date): Promise<z.input<typeof MarketView>> {
  const member = actor.member;
  const prepared = viewRows(db);
  const [[row], board] = await Promise.all([prepared.execute({ key, member: member?.no ?? 0 }), getBoard(db, MARKET_BOARD)]);
  requireRead(actor, board);
  if (!row) throw forward(404, MSG.noItem);
  if (row.itemDeletedAt !== null || row.postDeletedAt !== null) throw forward(404, MSG.deleted);
  // An auction past its end that the job has not reached yet is ended by this read (then read again).
  if (row.auction && row.endedAt === null && row.endsAt !== null && row.endsAt <= now && (await settleIfDue(db, key, now))) {
    return viewItem(db, actor, key, viewer, now);
  }
  const item = row as typeof row & ItemRow;
  const hidden = row.hiddenAt !== null;
  const concealed = hidden && !mayReadHidden(actor);
  const fileRows = concealed ? [] : (row.files ?? []);
  const leader = row.leader;
  const people = [
    { userNo: row.userNo, points: row.points, status: row.userStatus },
    ...(leader && row.leaderNo !== null ? [{ userNo: row.leaderNo, points: Number(leader.points), status: leader.status }] : []),
  ];
  const waiting = viewer ? countView(db, key, viewer) : 0;
  const [lookups, ranks] = await Promise.all([
    renderLookups(db, actor, tokenRefs([row.content])),
    ranksFor(db, people),
    member && row.unreadAlarms ? markArticleAlarmsRead(db, member.no, key) : null,
  ]);
  const summary = presentItem(item, board, ranks, now);
  const auction = item.auction
    ? auctionState(
        {
          ...item,
          leader:
            leader && row.leaderNo !== null
              ? presentAuthor({ userNo: row.leaderNo, userId: leader.userId, nickName: leader.nickName ?? '', status: leader.status }, ranks)
              : null,
        },
        member?.no ?? null,
        now,
      )
    : null;
  return {
    ...summary,
    views: row.views + waiting,
    contentHtml: concealed ? HIDDEN_NOTICE_HTML : renderPost(row.content, fileRows, lookups),
    content: concealed ? '' : row.content,
    files: fileRows.map(presentFile),
    productGuessed: row.productGuessed,
    soldPrice: row.soldPrice,
    soldAt: row.soldAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    auctionState: auction,
    hidden,
    abilities: marketAbilities(actor, board, { ...item, hidden }, now),
    scrapped: Boolean(row.scrapped),
    recentPrices: (row.recent ?? []).map(tracePoint),
  };
}
