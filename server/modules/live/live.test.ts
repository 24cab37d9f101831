// GET /api/live over real HTTP: a member hears of their own letters and alarms at once, never of
// anyone else's; a visitor watching an auction hears its bids and nothing personal; a message sent
// in a transaction arrives at its commit and never on rollback; the node stops without waiting
// for open streams.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bid, createAuction } from '../../test/auction.js';
import { member } from '../../test/boards.js';
import { login, post, testApp, type TestApp } from '../../test/harness.js';
import { seller, type TestMember } from '../../test/market.js';
import { membersChanged } from './publish.js';
import { LIVE } from './routes.js';
import { openSse, PUSHED_WITHIN_MS, type SseStream } from '../../test/sse-client.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let base: string;
let a: TestMember;
let b: TestMember;
let c: TestMember;
const open: SseStream[] = [];

async function stream(path: string, cookie?: string) {
  const s = await openSse(base, path, cookie);
  open.push(s);
  return s;
}

const send = (from: TestMember, to: TestMember, subject = '안녕하세요') =>
  post(t, '/api/letter/send/save', { receiver: to.userId, subject, content: '렌즈 문의드립니다.' }, from.cookie);

beforeAll(async () => {
  LIVE.sessionCheckMs = 100;
  t = await testApp({ RATE_LIMIT: 'false' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [a, b, c] = [await member(t), await member(t), await member(t)];
}, 60_000);

afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

describe('GET /api/live', () => {
  it('answers a member with an event stream: retry, hello, then the counts', async () => {
    const s = await stream('/api/live', a.cookie);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['cache-control']).toBe('no-store');
    expect(s.headers['content-encoding']).toBeUndefined();
    await s.next('hello');
    expect(s.retry).toBe(LIVE.retryMs);
    expect((await s.next('unread')).data).toEqual({ letters: 0, alarms: 0, changed: [] });
    s.close();
  });

  it('refuses a visitor without an auction (401) and a bad or unknown auction', async () => {
    const visitor = await stream('/api/live');
    await visitor.ended;
    expect(visitor.status).toBe(401);
    expect(JSON.parse(visitor.body).message).toBe('로그인이 필요합니다.');
    const bad = await stream('/api/live?auction=abc', a.cookie);
    await bad.ended;
    expect(bad.status).toBe(400);
    const extra = await stream('/api/live?user=1', a.cookie);
    await extra.ended;
    expect(extra.status).toBe(400);
    const unknown = await stream('/api/live?auction=99999999', a.cookie);
    await unknown.ended;
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).message).toBe('매물을 찾을 수 없습니다.');
  });

  it('tells the receiver of a letter at once, and no other member', async () => {
    const mine = await stream('/api/live', a.cookie);
    const other = await stream('/api/live', c.cookie);
    await mine.next('unread');
    await other.next('unread');
    expect((await send(b, a)).statusCode).toBe(200);
    const heard = await mine.next('unread', PUSHED_WITHIN_MS);
    expect(heard.data).toEqual({ letters: 1, alarms: 0, changed: ['letters'] });
    // Reading it lowers the count on the member's streams.
    const [letter] = (await post(t, '/api/letter/unread', {}, a.cookie)).json() as Array<{ letterKey: number }>;
    expect((await post(t, '/api/letter/receive/view', { letterKey: letter!.letterKey }, a.cookie)).statusCode).toBe(200);
    expect((await mine.next('unread', PUSHED_WITHIN_MS)).data).toEqual({ letters: 0, alarms: 0, changed: ['letters'] });
    await sleep(150);
    expect(other.events.filter((e) => e.event === 'unread')).toHaveLength(1);
    mine.close();
    other.close();
  });

  it('tells of alarms created in a transaction only once it commits, and never of a rollback', async () => {
    const mine = await stream('/api/live', c.cookie);
    await mine.next('unread');
    await t.database.db
      .transaction(async (tx) => {
        await membersChanged(tx, [c.no], 'alarms');
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.database.db.transaction(async (tx) => {
      await membersChanged(tx, [c.no], 'letters');
      await sleep(200);
      // Written, not yet committed: nothing heard.
      expect(mine.events.filter((e) => e.event === 'unread')).toHaveLength(1);
    });
    expect((await mine.next('unread', PUSHED_WITHIN_MS)).data).toMatchObject({ changed: ['letters'] });
    await sleep(150);
    expect(mine.events.filter((e) => e.event === 'unread')).toHaveLength(2);
    mine.close();
  });

  it('sends a visitor watching an auction its bids, and nothing personal', async () => {
    const s = await seller(t);
    const { key } = await createAuction(t, s, { startPrice: 100_000 });
    const visitor = await stream(`/api/live?auction=${key}`);
    const leader = await stream(`/api/live?auction=${key}`, b.cookie);
    expect(visitor.status).toBe(200);
    expect((await visitor.next('auction')).data).toMatchObject({ key, auction: { bidCount: 0, currentPrice: null, leading: false } });
    await leader.next('auction');
    expect((await bid(t, key, 100_000, b.cookie)).statusCode).toBe(200);
    const seen = (await visitor.next('auction', PUSHED_WITHIN_MS)).data as { auction: { bidCount: number; currentPrice: number; leading: boolean; endsAt: string } };
    expect(seen.auction).toMatchObject({ bidCount: 1, currentPrice: 100_000, leading: false });
    expect((await leader.next('auction', PUSHED_WITHIN_MS)).data).toMatchObject({ auction: { bidCount: 1, leading: true } });
    // The bidder's outbid alarm goes to the bidder's own streams only; the visitor hears no counts.
    expect((await bid(t, key, 105_000, a.cookie)).statusCode).toBe(200);
    expect((await leader.next('unread', PUSHED_WITHIN_MS)).data).toMatchObject({ alarms: 1, changed: ['alarms'] });
    await visitor.next('auction', PUSHED_WITHIN_MS);
    await sleep(150);
    expect(visitor.events.map((e) => e.event)).not.toContain('unread');
    visitor.close();
    leader.close();
  });

  it('refuses a member more streams than the cap', async () => {
    const m = await member(t);
    const streams = [];
    for (let i = 0; i < LIVE.perMember; i++) {
      const s = await stream('/api/live', m.cookie);
      await s.next('hello');
      streams.push(s);
    }
    const more = await stream('/api/live', m.cookie);
    await more.ended;
    expect(more.status).toBe(429);
    streams[0]!.close();
    await sleep(100);
    const again = await stream('/api/live', m.cookie);
    expect(again.status).toBe(200);
    for (const s of [...streams, again]) s.close();
  });

  it('ends a member\'s stream once its session is over (signed out), and keeps their other session\'s', async () => {
    const m = await member(t);
    const otherCookie = await login(t, m.userId, m.password);
    const signedOut = await stream('/api/live', m.cookie);
    const kept = await stream('/api/live', otherCookie);
    await signedOut.next('unread');
    await kept.next('unread');
    expect((await post(t, '/api/logout', {}, m.cookie)).statusCode).toBe(200);
    await Promise.race([signedOut.ended, sleep(2_000).then(() => Promise.reject(new Error('the stream did not end')))]);
    await sleep(300);
    expect((await send(b, m)).statusCode).toBe(200);
    expect((await kept.next('unread')).data).toMatchObject({ letters: 1 });
    expect(signedOut.events.filter((e) => e.event === 'unread')).toHaveLength(1);
    kept.close();
  });
});

describe('stopping', () => {
  it('ends open streams at once: closing the app does not wait for them', async () => {
    const own = await testApp({ RATE_LIMIT: 'false' });
    try {
      const at = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const m = await member(own);
      const s = await openSse(at, '/api/live', m.cookie);
      await s.next('unread');
      const started = Date.now();
      await own.app.close();
      expect(Date.now() - started).toBeLessThan(2000);
      await s.ended;
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});
