// Demo market for `npm run seed:demo` (after the members of seed-demo.ts): items for sale in every
// category, two years of sold history for a dozen popular catalogue products (so their price
// traces have something to show) and one running auction with bids. Photos are made with sharp
// and go through the real upload path. A second run changes nothing.
//
// Dates: the market services take the time as a parameter, so each item is saved, and sold, with
// `now` set to its moment in the past (its created, bumped and sold times are then consistent, as
// the site would have written them). The item's post is stamped by the boards service with the
// database's clock, so the post's dates are moved to the same moment in SQL afterwards.
import { and, eq, gte, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { MarketSave } from '../common/api/market.js';
import type { Config } from '../server/config.js';
import type { Db } from '../server/db/client.js';
import { marketItems, posts, products, users } from '../server/db/schema/index.js';
import type { Member } from '../server/lib/session.js';
import { createStorage, type FileStorage } from '../server/lib/storage.js';
import { saveUpload } from '../server/modules/files/service.js';
import { placeBid } from '../server/modules/market/auction-bid.js';
import { changeStatus } from '../server/modules/market/item-status.js';
import { marketChanged, saveItem } from '../server/modules/market/item-write.js';
import { actorOf } from '../server/modules/posts/board-rules.js';
import { DEMO_MEMBERS } from './seed-demo-data.js';

const DAY_MS = 86_400_000;
const MONTHS = 24;

/** Popular products and what a good used one sold for two years ago (won). */
const POPULAR: ReadonlyArray<readonly [string, number]> = [
  ['canon-eos-5d-mark-iv', 1_900_000],
  ['canon-eos-r5', 3_600_000],
  ['canon-eos-r6', 2_000_000],
  ['nikon-d850', 2_200_000],
  ['nikon-z-6ii', 1_600_000],
  ['fujifilm-x-t4', 1_300_000],
  ['fujifilm-x100v', 1_500_000],
  ['ricoh-gr-iii', 800_000],
  ['canon-ef-24-70mm-f-2-8l-ii-usm', 1_400_000],
  ['canon-ef-50mm-f-1-8-stm', 130_000],
  ['nikon-nikkor-z-24-70mm-f-2-8-s', 1_900_000],
  ['sony-fe-24-70mm-f-2-8-gm', 1_500_000],
];
/** Compact cameras that got popular keep rising; the rest lose a little every month. */
const RISING = new Set(['fujifilm-x100v', 'ricoh-gr-iii']);

const CATEGORY: Record<string, string> = { body: 'c1', lens: 'c2', flash: 'c3', accessory: 'c4' };
const REGIONS = ['seoul', 'gyeonggi', 'incheon', 'busan', 'daegu', 'daejeon', 'gwangju', 'jeju'] as const;
const CONDITIONS = ['S', 'A', 'A', 'B', 'new', 'C'] as const;
const TRADE = ['direct', 'delivery', 'both'] as const;

/** Items for sale now without a product of the catalogue (the map may still guess some). */
const OTHERS: ReadonlyArray<readonly [string, string, number]> = [
  ['c3', '고독스 V1 플래시 캐논용', 230_000],
  ['c3', '니콘 SB-700 스피드라이트', 180_000],
  ['c4', '맨프로토 삼각대 190 카본', 260_000],
  ['c4', '피크디자인 캡처 클립 v3', 55_000],
  ['c4', '씽크탱크 카메라 가방 (백팩)', 140_000],
  ['c5', '니콘 FM2 블랙 바디 (필름)', 450_000],
  ['c5', '캐논 AE-1 프로그램 + 50mm', 280_000],
  ['c5', '올림푸스 뮤2 필름 카메라', 390_000],
  ['c6', '카메라 방습함 50L', 70_000],
  ['c6', '필름 스캐너 플러스텍 8200i', 320_000],
];

/** A fixed-seed generator, so every fresh demo database looks the same. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const asMember = (no: number, userId: string, nickName: string): Member => ({
  no,
  userId,
  nickName,
  admin: false,
  real: false,
  points: 0,
  levelKey: 0,
  sessionHash: '',
  reauthAt: null,
});

/** A small product shot: a coloured backdrop and a dark body-like block. */
async function photo(i: number): Promise<Buffer> {
  const hues = ['#d9d4c7', '#c7d3d9', '#e3d5ca', '#d6e2c4', '#e0c9cf', '#cfd0e6'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="${hues[i % hues.length]}"/>
    <rect x="${110 + (i % 5) * 8}" y="120" width="260" height="150" rx="18" fill="#222"/>
    <circle cx="${240 + (i % 5) * 8}" cy="195" r="${52 + (i % 3) * 6}" fill="#444" stroke="#111" stroke-width="10"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Rounds to 10,000 won (or 1,000 below 100,000), as sellers write prices. */
const roundPrice = (p: number) => (p >= 100_000 ? Math.round(p / 10_000) * 10_000 : Math.max(1_000, Math.round(p / 1_000) * 1_000));

/**
 * Adds the demo market unless there is one already; returns how many items it added. `popular`:
 * how many of the popular products get a sold history (tests use fewer: every sale is a real
 * upload and two service calls).
 */
export async function seedDemoMarket(db: Db, config: Config, now = Date.now(), popular = POPULAR.length): Promise<number> {
  const ids = DEMO_MEMBERS.map(([id]) => id);
  // Sellers: demo members whose level may sell (the lowest level may not).
  const members = await db
    .select({ no: users.no, userId: users.userId, nickName: users.nickName })
    .from(users)
    .where(and(inArray(users.userId, ids), gte(users.points, 100)));
  if (members.length < 2) return 0;
  const [already] = await db
    .select({ key: marketItems.postKey })
    .from(marketItems)
    .where(inArray(marketItems.sellerNo, members.map((m) => m.no)))
    .limit(1);
  if (already) return 0;

  const rnd = random(90009);
  const storage: FileStorage = createStorage(config);
  let shot = 0;
  let added = 0;
  const pick = <T>(list: ReadonlyArray<T>) => list[Math.floor(rnd() * list.length)]!;

  /** Saves an item as `seller` at `at` (the post's dates follow), returns its key. */
  const save = async (seller: (typeof members)[number], at: number, body: { category: string; subject: string; price: number; productKey?: string; auction?: MarketSave['auction'] }) => {
    const up = await saveUpload(db, storage, { userNo: seller.no, name: `market-${shot}.jpg`, data: await photo(shot++), maxPixels: config.uploads.maxPixels });
    const actor = await actorOf(db, asMember(seller.no, seller.userId, seller.nickName ?? seller.userId));
    const input = {
      condition: pick(CONDITIONS),
      tradeMethod: pick(TRADE),
      region: pick(REGIONS),
      ...body,
      content: `<p>${body.subject}</p><p>상태 좋습니다. 직접 확인하셔도 됩니다. 문의는 쪽지 주세요.</p>`,
      files: [up.fileKey],
    } as Parameters<typeof saveItem>[2];
    const key = await saveItem(db, actor, input, new Date(at));
    await db.update(posts).set({ createdAt: new Date(at), updatedAt: new Date(at), views: 5 + Math.floor(rnd() * 200) }).where(eq(posts.key, key));
    added++;
    return { key, actor };
  };

  // Two years of sales of the popular products: one or two a month each, oldest first.
  const found = await db
    .select({ key: products.key, type: products.type, brand: products.brand, name: products.name })
    .from(products)
    .where(inArray(products.key, POPULAR.map(([k]) => k)));
  const byKey = new Map(found.map((p) => [p.key, p]));
  for (let month = MONTHS; month >= 1; month--) {
    for (const [productKey, base] of POPULAR.slice(0, popular)) {
      const product = byKey.get(productKey);
      if (!product) continue;
      const sales = month % 3 === 0 ? 2 : 1;
      for (let s = 0; s < sales; s++) {
        const drift = RISING.has(productKey) ? 1 + 0.012 * (MONTHS - month) : 1 - 0.01 * (MONTHS - month);
        const sold = roundPrice(base * drift * (0.9 + rnd() * 0.2));
        const listedAt = now - month * 30 * DAY_MS + Math.floor(rnd() * 12) * DAY_MS;
        const soldAt = listedAt + (1 + Math.floor(rnd() * 14)) * DAY_MS;
        const seller = pick(members);
        const { key, actor } = await save(seller, listedAt, {
          category: CATEGORY[product.type] ?? 'c6',
          subject: `${product.brand} ${product.name} 판매합니다`,
          price: roundPrice(sold * 1.06),
          productKey,
        });
        await changeStatus(db, actor, { key, status: 'sold', soldPrice: sold }, new Date(Math.min(soldAt, now - DAY_MS)));
      }
    }
  }

  // For sale now: the popular products once more, and the rest of the categories.
  const open: Array<{ key: number; actor: Awaited<ReturnType<typeof save>>['actor'] }> = [];
  for (const [i, [productKey, base]] of POPULAR.entries()) {
    const product = byKey.get(productKey);
    if (!product) continue;
    const at = now - (1 + i) * 0.7 * DAY_MS;
    open.push(await save(pick(members), at, { category: CATEGORY[product.type] ?? 'c6', subject: `${product.brand} ${product.name} 급처`, price: roundPrice(base * 0.8), productKey }));
  }
  for (const [i, [category, subject, price]] of OTHERS.entries()) {
    open.push(await save(pick(members), now - (2 + i) * 0.5 * DAY_MS, { category, subject, price }));
  }
  // A few are already promised to a buyer.
  for (const item of open.slice(0, 3)) await changeStatus(db, item.actor, { key: item.key, status: 'reserved' }, new Date(now - 3600_000));

  // One auction running for three more days, with two bids so far.
  const [seller, ...bidders] = members;
  const auctionAt = now - DAY_MS;
  const { key: auctionKey } = await save(seller!, auctionAt, {
    category: 'c2',
    subject: '[경매] 라이카 주미크론 35mm f/2 (4세대)',
    price: 1_500_000,
    auction: { startPrice: 1_500_000, bidStep: 50_000, buyNowPrice: 2_600_000, endsAt: new Date(now + 3 * DAY_MS).toISOString() },
  });
  let amount = 1_500_000;
  for (const b of bidders.slice(0, 2)) {
    await placeBid(db, asMember(b.no, b.userId, b.nickName ?? b.userId), { key: auctionKey, amount }, () => new Date(now - 3600_000));
    amount += 100_000;
  }
  marketChanged(db);
  return added;
}
