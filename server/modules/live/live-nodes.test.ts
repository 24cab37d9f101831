// Two app nodes on one PostgreSQL database: a letter sent through node A reaches a member
// streaming from node B as it is sent, and a bid on A reaches a page watching on B.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bid, createAuction } from '../../test/auction.js';
import { member } from '../../test/boards.js';
import { nodesOnCopy, post, type TestApp } from '../../test/harness.js';
import { seller, type TestMember } from '../../test/market.js';
import { openSse, PUSHED_WITHIN_MS, type SseStream } from '../../test/sse-client.js';

describe.runIf(inject('engine') === 'postgres')('live updates on two nodes', () => {
  let site: Awaited<ReturnType<typeof nodesOnCopy>>;
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let sender: TestMember;
  let receiver: TestMember;
  const open: SseStream[] = [];

  beforeAll(async () => {
    site = await nodesOnCopy({ RATE_LIMIT: 'false' });
    a = await site.node();
    b = await site.node();
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    [sender, receiver] = [await member(a), await member(a)];
  }, 60_000);

  afterAll(async () => {
    for (const s of open) s.close();
    await site?.close();
  });

  it('a letter sent on node A reaches the receiver streaming from node B as it is sent, not at the next poll', async () => {
    const s = await openSse(baseB, '/api/live', receiver.cookie);
    open.push(s);
    expect((await s.next('unread')).data).toEqual({ letters: 0, alarms: 0, changed: [] });
    const sent = await post(a, '/api/letter/send/save', { receiver: receiver.userId, subject: '삼각대 문의', content: '아직 파시나요?' }, sender.cookie);
    expect(sent.statusCode).toBe(200);
    expect((await s.next('unread', PUSHED_WITHIN_MS)).data).toEqual({ letters: 1, alarms: 0, changed: ['letters'] });
  });

  it('a bid on node A reaches a visitor watching the auction on node B', async () => {
    const { key } = await createAuction(a, await seller(a), { startPrice: 50_000 });
    const s = await openSse(baseB, `/api/live?auction=${key}`);
    open.push(s);
    await s.next('auction');
    expect((await bid(a, key, 50_000, sender.cookie)).statusCode).toBe(200);
    expect((await s.next('auction', PUSHED_WITHIN_MS)).data).toMatchObject({ key, auction: { bidCount: 1, currentPrice: 50_000, leading: false } });
  });
});
