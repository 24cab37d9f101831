// /api/market/can-sell: what the write page asks before showing the form — a visitor, a member
// whose level may not sell, a seller, an unverified member when the community asks for real
// names; the answer matches what the save itself would decide, and changes nothing.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketSellCheck } from '../../../common/api/market.js';
import { marketItems, users } from '../../db/schema/index.js';
import { adminCookie, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { itemBody, requireRealNameFor, seller } from '../../test/market.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const check = async (cookie?: string) => {
  const res = await post(t, '/api/market/can-sell', {}, cookie);
  expect(res.statusCode).toBe(200);
  return MarketSellCheck.strict().parse(res.json());
};
const itemCount = async () => Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(marketItems))[0]!.n);

describe('/api/market/can-sell', () => {
  it('says a visitor must log in', async () => {
    expect(await check()).toEqual({ canSell: false, reason: 'login', message: '장터에 물건을 올리려면 로그인해 주세요.' });
  });

  it('says yes to a seller and an admin, and the save agrees', async () => {
    const s = await seller(t);
    expect(await check(s.cookie)).toEqual({ canSell: true, reason: null, message: null });
    expect(await check(await adminCookie(t))).toMatchObject({ canSell: true });
    expect((await post(t, '/api/market/save', await itemBody(t, s), s.cookie)).statusCode).toBe(200);
  });

  it('tells a member whose level may not sell why, in Korean, as the save refuses them', async () => {
    const low = await member(t);
    const answer = await check(low.cookie);
    expect(answer).toMatchObject({ canSell: false, reason: 'level' });
    expect(answer.message).toContain('등급');
    const before = await itemCount();
    const res = await post(t, '/api/market/save', await itemBody(t, low), low.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(answer.message);
    expect(await itemCount()).toBe(before);
    // The admin's word wins over the level.
    await t.database.db.update(users).set({ canMarket: true }).where(eq(users.no, low.no));
    expect(await check(low.cookie)).toMatchObject({ canSell: true });
  });

  it('asks an unverified seller for real-name verification when the community requires it', async () => {
    const s = await seller(t);
    await requireRealNameFor(t, ['market']);
    try {
      const answer = await check(s.cookie);
      expect(answer).toMatchObject({ canSell: false, reason: 'real' });
      expect(answer.message).toContain('실명 인증');
      await t.database.db.update(users).set({ real: true }).where(eq(users.no, s.no));
      expect(await check(s.cookie)).toMatchObject({ canSell: true });
    } finally {
      await requireRealNameFor(t, []);
    }
  });
});
