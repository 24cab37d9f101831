// Matching after a market write (decision 54): the save queues a durable job in its own
// transaction, so matching runs only for a committed write, never slows the save, and survives a
// restart; any node takes the job (the queue's lease). An item for sale that is visible and
// selling meets the price alerts that fit it and the open wanted ads of its product whose range
// holds its price (its seller is told); a wanted ad that is visible and still wanted meets the
// items for sale of its product within its price range, whose sellers are told. Each (alert,
// item) and (wanted ad, item) pair is told once (market_alert_sent), however often the item is
// saved or a job runs again; members who ignore the other member are not told (createAlarms).
import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { CONDITION_LABEL, CONDITIONS, REGION_LABEL } from '../../../common/api/market.js';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { jobs, marketAlerts, marketAlertSent, marketItems, posts, products, users } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import { enqueue } from '../../lib/job-queue.js';
import { createAlarms, type NewAlarm } from '../alarms/service.js';
import { type Board, getBoard, readersAmong } from '../posts/board-rules.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { normaliseText } from '../posts/search.js';

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

/**
 * Shown, open items of one kind (wanted ads still wanted, items still selling) by active members
 * other than `notBy`; for a select of market_items joined with posts and users.
 */
const openOthers = (kind: 'sell' | 'wanted', notBy: number) => [
  eq(marketItems.kind, kind),
  eq(marketItems.status, kind === 'sell' ? 'selling' : 'wanted'),
  isNull(marketItems.deletedAt),
  isNull(posts.deletedAt),
  isNull(posts.hiddenAt),
  eq(users.status, 'active'),
  ne(marketItems.sellerNo, notBy),
];

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
  sellerActive: boolean;
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
      sellerActive: sql<boolean>`${users.status} = 'active'`,
    })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .innerJoin(users, eq(users.no, marketItems.sellerNo))
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

/**
 * Candidate alerts are read this many at a time, and the search texts of each batch are checked
 * against the item in one statement: the work of one save is a few statements per this many
 * alerts that pass the product, price, region and grade filters, whatever their number.
 */
const ALERT_BATCH = 500;

/** Price alerts that fit an item for sale: theirs, active members', not the seller's own, not told yet. */
async function alertsFor(db: Db, board: Board, item: Item): Promise<number> {
  const fits: { id: number; userNo: number }[] = [];
  // Grades from the lowest wanted down to the item's: an alert wanting this grade or a worse one fits.
  const grades = CONDITIONS.slice(Math.max(0, rank(item.condition)));
  for (let after = 0; ; ) {
    const batch = await db
      .select({ id: marketAlerts.id, userNo: marketAlerts.userNo, query: marketAlerts.query })
      .from(marketAlerts)
      .innerJoin(users, eq(users.no, marketAlerts.userNo))
      .where(
        and(
          gt(marketAlerts.id, after),
          eq(users.status, 'active'),
          ne(marketAlerts.userNo, item.sellerNo),
          item.productId === null ? isNull(marketAlerts.productId) : sql`(${marketAlerts.productId} is null or ${sameProduct(marketAlerts.productId, item.productId)})`,
          sql`(${marketAlerts.maxPrice} is null or ${marketAlerts.maxPrice} >= ${item.price})`,
          sql`(${marketAlerts.region} is null or ${marketAlerts.region} = ${item.region})`,
          or(isNull(marketAlerts.condition), inArray(marketAlerts.condition, grades)),
          sql`not exists (select 1 from ${marketAlertSent} s where s.source = 'alert' and s.source_key = ${marketAlerts.id} and s.item_key = ${item.key})`,
        ),
      )
      .orderBy(marketAlerts.id)
      .limit(ALERT_BATCH);
    const found = await searchHits(db, item.key, batch);
    fits.push(...batch.filter((a) => !a.query || found.has(a.id)));
    if (batch.length < ALERT_BATCH) break;
    after = batch[batch.length - 1]!.id;
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

/**
 * The alerts whose search text is found in the item's post, in one statement for all of them.
 * It finds what the market search finds ('all' fields, search.ts): there the tokens only narrow
 * the index, and a field holding the normalised phrase holds its tokens, so for one post the
 * phrase in its subject, body or nickname (search_text's parts, which hold no line break, as no
 * normalised phrase does) decides.
 */
async function searchHits(db: Db, itemKey: number, alerts: { id: number; query: string | null }[]): Promise<Set<number>> {
  const searched = alerts.flatMap((a) => {
    const q = a.query ? normaliseText(a.query) : '';
    return q ? [{ id: a.id, q }] : [];
  });
  if (searched.length === 0) return new Set();
  const list = (values: unknown[], type: string) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}`;
  const rows = rowsOf<{ id: string | number }>(
    await db.execute(sql`select a.id from ${posts} p
      cross join unnest(${list(searched.map((a) => a.id), 'bigint[]')}, ${list(searched.map((a) => a.q), 'text[]')}) as a(id, q)
      where p.key = ${itemKey} and p.board_id = ${MARKET_BOARD} and p.deleted_at is null and strpos(p.search_text, a.q) > 0`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Open wanted ads of an item's product whose range holds its price: the item's seller hears of
 * each (an item listed after the ad, saved again or shown again). Bounded like the other way.
 */
async function adsFor(db: Db, board: Board, item: Item): Promise<number> {
  if (item.productId === null || !item.sellerActive) return 0;
  const ads = await db
    .select({ key: marketItems.postKey, writerNo: marketItems.sellerNo, subject: posts.subject, price: marketItems.price, priceMin: marketItems.priceMin })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .innerJoin(users, eq(users.no, marketItems.sellerNo))
    .where(
      and(
        ...openOthers('wanted', item.sellerNo),
        sameProduct(marketItems.productId, item.productId),
        sql`${marketItems.price} >= ${item.price}`,
        sql`coalesce(${marketItems.priceMin}, 0) <= ${item.price}`,
        sql`not exists (select 1 from ${marketAlertSent} s where s.source = 'wanted' and s.source_key = ${marketItems.postKey} and s.item_key = ${item.key})`,
      ),
    )
    .orderBy(marketItems.postKey)
    // Pairs told are left out above, so a later save of the item reaches the ads past this many.
    .limit(200);
  return tellSellers(db, board, ads.map((ad) => ({ ad, item })));
}

const rangeText = (min: number | null, max: number) => (min === null ? `${won(max)} 이하` : `${won(min)}~${won(max)}`);

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
        ...openOthers('sell', ad.sellerNo),
        sameProduct(marketItems.productId, ad.productId),
        sql`${price} <= ${ad.price}`,
        sql`${price} >= ${ad.priceMin ?? 0}`,
      ),
    )
    .orderBy(marketItems.postKey)
    .limit(200);
  const asAd = { key: ad.key, writerNo: ad.sellerNo, subject: ad.subject, priceMin: ad.priceMin, price: ad.price };
  return tellSellers(db, board, items.map((item) => ({ ad: asAd, item })));
}

interface WantedPair {
  ad: { key: number; writerNo: number; subject: string; priceMin: number | null; price: number };
  item: { key: number; sellerNo: number; subject: string };
}

/**
 * Each pair's seller hears of the wanted ad their item meets, once a pair, if they may read the
 * market; a seller who ignores the ad's writer is not told (createAlarms).
 */
async function tellSellers(db: Db, board: Board, pairs: WantedPair[]): Promise<number> {
  if (pairs.length === 0) return 0;
  return db.transaction(async (tx) => {
    const readers = await readersAmong(tx, board, [...new Set(pairs.map((p) => p.item.sellerNo))]);
    const told = pairs.filter((p) => readers.has(p.item.sellerNo));
    const fresh = await firstTime(tx, 'wanted', told.map((p) => ({ sourceKey: p.ad.key, itemKey: p.item.key })));
    const list: NewAlarm[] = told
      .filter((p) => fresh.has(`${p.ad.key}:${p.item.key}`))
      .map(({ ad, item }) => ({
        userNo: item.sellerNo,
        kind: 'market_wanted' as const,
        boardId: MARKET_BOARD,
        boardName: board.name,
        articleKey: ad.key,
        subject: ad.subject,
        content: `내 매물 '${item.subject}'에 맞는 삽니다 글입니다(${rangeText(ad.priceMin, ad.price)}).`,
        fromNo: ad.writerNo,
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
  if (item.kind === 'sell' && item.status === 'selling') return (await alertsFor(db, board, item)) + (await adsFor(db, board, item));
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
