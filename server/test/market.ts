// Small factories for market tests: sellers (members allowed to sell), items through the real
// save call with an uploaded photo, and products to link them to.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MarketSave } from '../../common/api/market.js';
import { products, settings, users } from '../db/schema/index.js';
import { forgetSettings, getSettings } from '../modules/community/service.js';
import { member, uploadedFile } from './boards.js';
import { post, type TestApp } from './harness.js';

export type TestMember = Awaited<ReturnType<typeof member>>;

/** A member whose admin-set permission lets them sell (whatever their level). */
export async function seller(t: TestApp, over: Parameters<typeof member>[1] = {}): Promise<TestMember> {
  const m = await member(t, over);
  await t.database.db.update(users).set({ canMarket: true }).where(eq(users.no, m.no));
  return m;
}

let seq = 0;

/**
 * A valid save body for the member's new item, with a freshly uploaded photo. Its text differs
 * each time: the same text a third time in a day is refused (docs/product/spam.md).
 */
export async function itemBody(t: TestApp, m: { no: number }, over: Partial<MarketSave> = {}): Promise<MarketSave> {
  return {
    category: 'c1',
    subject: '니콘 Z6III 바디 팝니다',
    content: `<p>상태 좋습니다. 박스 있음. (${++seq})</p>`,
    price: 1_800_000,
    condition: 'A',
    tradeMethod: 'both',
    region: 'seoul',
    files: [await uploadedFile(t, m.no)],
    ...over,
  };
}

/** Creates an item through /api/market/save and returns its key. */
export async function createItem(t: TestApp, m: TestMember, over: Partial<MarketSave> = {}): Promise<number> {
  const res = await post(t, '/api/market/save', await itemBody(t, m, over), m.cookie);
  if (res.statusCode !== 200) throw new Error(`market save failed: ${res.statusCode} ${res.body}`);
  return res.json().key as number;
}

/** A product row (admin-made) to link items to; returns its key and id. */
export async function createProduct(t: TestApp, over: Partial<typeof products.$inferInsert> = {}) {
  const key = `test-${randomBytes(4).toString('hex')}`;
  const [row] = await t.database.db
    .insert(products)
    .values({ key, type: 'body', company: 'nikon', brand: 'Nikon', name: `Z Test ${key}`, source: 'admin', ...over })
    .returning({ id: products.id, key: products.key });
  return row!;
}

/** Sets which features need real-name verification (community setup), as an admin's save would. */
export async function requireRealNameFor(t: TestApp, features: string[]) {
  const db = t.database.db;
  const current = await getSettings(db);
  await db
    .update(settings)
    .set({ value: { ...current, realNameRequired: features } })
    .where(eq(settings.key, 'community'));
  forgetSettings(db);
}
