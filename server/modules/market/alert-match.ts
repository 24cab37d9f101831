// Matching after a market write (decision 54): the save queues a durable job in its own
// transaction, so matching runs only for a committed write, never slows the save, and survives a
// restart; any node takes the job (the queue's lease). An item for sale that is visible and
// selling meets the price alerts that fit it; a wanted ad that is visible and still wanted meets
// the items for sale of its product within its price range, whose sellers are told. Each (alert,
// item) and (wanted ad, item) pair is told once (market_alert_sent), however often the item is
// saved or a job runs again; members who ignore the other member are not told (createAlarms).
import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { CONDITION_LABEL, CONDITIONS, REGION_LABEL } from '../../../common/api/market.js';
import type { Db, Tx } from '../../db/client.js';
import { jobs, marketAlerts, marketAlertSent, marketItems, posts, products, users } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import { enqueue } from '../../lib/job-queue.js';
import { createAlarms, type NewAlarm } from '../alarms/service.js';
import { type Board, getBoard, readersAmong } from '../posts/board-rules.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { searchCondition } from '../posts/search.js';
import { allSlices } from '../posts/search-slices.js';

export const MATCH_QUEUE = 'market-match';

/** In the item's write transaction: match it once the write commits. */
export async function queueMatch(tx: Tx, itemKey: number): Promise<void> {
  await enqueue(tx, MATCH_QUEUE, { itemKey });
}

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const rank = (c: string) => CONDITIONS.indexOf(c as (typeof CONDITIONS)[number]);

/** The product and the products merged into it (an alert kept on a merged product still matches). */
const sameProduct = (alertProduct: unknown, itemProduct: number) =>
  sql`(${alertProduct} = ${itemProduct} or ${alertProduct} in (select x.id from ${products} x where x.merged_into = ${itemProduct}))`;

interface Item {
  key: number;
  kind: 'sell' | 'wanted';
  sellerNo: number;
  productId: number | null;
  price: number;
  priceMin: number | null;
  condition: string;
  region: string;
  status: string;
  subject: string;
}

async function readItem(db: Db, key: number): Promise<Item | null> {
  const [row] = await db
    .select({
      key: marketItems.postKey,
      kind: marketItems.kind,
      sellerNo: marketItems.sellerNo,
      productId: marketItems.productId,
      price: sql<number>`coalesce(${marketItems.currentPrice}, ${marketItems.price})`,
      priceMin: marketItems.priceMin,
      condition: marketItems.condition,
      region: marketItems.region,
      status: marketItems.status,
      subject: posts.subject,
    })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    // Deleted and hidden items meet nobody (a restored one is matched again when shown).
    .where(and(eq(marketItems.postKey, key), isNull(marketItems.deletedAt), isNull(posts.deletedAt), isNull(posts.hiddenAt)));
  return row ? { ...row, price: Number(row.price) } : null;
}

/**
 * The pairs not told yet, recorded in the alarms' transaction: a job run twice (a node that died
 * after committing) or a second save finds them taken.
 */
async function firstTime(tx: Tx, source: 'alert' | 'wanted', pairs: { sourceKey: number; itemKey: number }[]) {
  if (pairs.length === 0) return new Set<string>();
  const taken = await tx
    .insert(marketAlertSent)
    .values(pairs.map((p) => ({ source, ...p })))
    .onConflictDoNothing()
    .returning({ sourceKey: marketAlertSent.sourceKey, itemKey: marketAlertSent.itemKey });
  return new Set(taken.map((t) => `${t.sourceKey}:${t.itemKey}`));
}

/** Price alerts that fit an item for sale: theirs, active members', not the seller's own. */
async function alertsFor(db: Db, board: Board, item: Item): Promise<number> {
  const candidates = await db
    .select({ id: marketAlerts.id, userNo: marketAlerts.userNo, query: marketAlerts.query, condition: marketAlerts.condition })
    .from(marketAlerts)
    .innerJoin(users, eq(users.no, marketAlerts.userNo))
    .where(
      and(
        eq(users.status, 'active'),
        ne(marketAlerts.userNo, item.sellerNo),
        item.productId === null ? isNull(marketAlerts.productId) : sql`(${marketAlerts.productId} is null or ${sameProduct(marketAlerts.productId, item.productId)})`,
        sql`(${marketAlerts.maxPrice} is null or ${marketAlerts.maxPrice} >= ${item.price})`,
        sql`(${marketAlerts.region} is null or ${marketAlerts.region} = ${item.region})`,
      ),
    );
  // The lowest grade wanted: the item's grade or a better one.
  const graded = candidates.filter((a) => a.condition === null || rank(item.condition) <= rank(a.condition));
  // A search text matches as the market's search does (the boards' Korean search on the item's post).
  const slices = graded.some((a) => a.query) ? await allSlices(db, MARKET_BOARD) : [];
  const fits: typeof graded = [];
  for (const a of graded) {
    if (a.query) {
      const found = searchCondition(slices, 'all', a.query);
      if (!found) continue;
      const [hit] = await db
        .select({ one: sql<number>`1` })
        .from(posts)
        .where(and(eq(posts.key, item.key), eq(posts.boardId, MARKET_BOARD), found));
      if (!hit) continue;
    }
    fits.push(a);
  }
  if (fits.length === 0) return 0;
  const what = [won(item.price), REGION_LABEL[item.region], CONDITION_LABEL[item.condition as (typeof CONDITIONS)[number]]?.label].filter(Boolean).join(' · ');
  return db.transaction(async (tx) => {
    const readers = await readersAmong(tx, board, fits.map((a) => a.userNo));
    const told = fits.filter((a) => readers.has(a.userNo));
    const fresh = await firstTime(tx, 'alert', told.map((a) => ({ sourceKey: a.id, itemKey: item.key })));
    // One alarm a member for this item, however many of their alerts it met.
    const members = new Set(told.filter((a) => fresh.has(`${a.id}:${item.key}`)).map((a) => a.userNo));
    const list: NewAlarm[] = [...members].map((userNo) => ({
      userNo,
      kind: 'market_alert' as const,
      boardId: MARKET_BOARD,
      boardName: board.name,
      articleKey: item.key,
      subject: item.subject,
      content: `가격 알림에 맞는 매물: ${what}`,
      fromNo: item.sellerNo,
    }));
    await createAlarms(tx, list);
    return list.length;
  });
}

/** Items for sale of a wanted ad's product within its range: their sellers hear of the ad. */
async function sellersFor(db: Db, board: Board, ad: Item): Promise<number> {
  if (ad.productId === null) return 0;
  const price = sql`coalesce(${marketItems.currentPrice}, ${marketItems.price})`;
  const items = await db
    .select({ key: marketItems.postKey, sellerNo: marketItems.sellerNo, subject: posts.subject })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .innerJoin(users, eq(users.no, marketItems.sellerNo))
    .where(
      and(
        eq(marketItems.kind, 'sell'),
        eq(marketItems.status, 'selling'),
        isNull(marketItems.deletedAt),
        isNull(posts.deletedAt),
        isNull(posts.hiddenAt),
        eq(users.status, 'active'),
        ne(marketItems.sellerNo, ad.sellerNo),
        sql`${marketItems.productId} in (select x.id from ${products} x where x.id = ${ad.productId} or x.merged_into = ${ad.productId})`,
        sql`${price} <= ${ad.price}`,
        sql`${price} >= ${ad.priceMin ?? 0}`,
      ),
    )
    .orderBy(marketItems.postKey)
    .limit(200);
  if (items.length === 0) return 0;
  const range = ad.priceMin === null ? `${won(ad.price)} 이하` : `${won(ad.priceMin)}~${won(ad.price)}`;
  return db.transaction(async (tx) => {
    const readers = await readersAmong(tx, board, items.map((i) => i.sellerNo));
    const told = items.filter((i) => readers.has(i.sellerNo));
    const fresh = await firstTime(tx, 'wanted', told.map((i) => ({ sourceKey: ad.key, itemKey: i.key })));
    const list: NewAlarm[] = told
      .filter((i) => fresh.has(`${ad.key}:${i.key}`))
      .map((i) => ({
        userNo: i.sellerNo,
        kind: 'market_wanted' as const,
        boardId: MARKET_BOARD,
        boardName: board.name,
        articleKey: ad.key,
        subject: ad.subject,
        content: `내 매물 '${i.subject}'에 맞는 삽니다 글입니다(${range}).`,
        fromNo: ad.sellerNo,
      }));
    await createAlarms(tx, list);
    return list.length;
  });
}

/** One job: the item as it is now (its write committed) meets alerts or sellers; answers how many alarms. */
export async function matchItem(db: Db, itemKey: number): Promise<number> {
  // The board before any transaction: on PGlite's one connection a read through db inside one waits forever.
  const board = await getBoard(db, MARKET_BOARD);
  const item = await readItem(db, itemKey);
  if (!item) return 0;
  if (item.kind === 'sell' && item.status === 'selling') return alertsFor(db, board, item);
  if (item.kind === 'wanted' && item.status === 'wanted') return sellersFor(db, board, item);
  return 0;
}

/** Match jobs done or given up more than a day ago are deleted (one per save adds up). */
export async function purgeOldMatchJobs(db: Db, at: Date = clockNow()): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(and(eq(jobs.queue, MATCH_QUEUE), lt(jobs.createdAt, new Date(at.getTime() - 86_400_000)), or(isNotNull(jobs.doneAt), isNotNull(jobs.failedAt))))
    .returning({ id: jobs.id });
  return gone.length;
}
