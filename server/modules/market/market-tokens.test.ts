// Market items in content tokens (docs/content-tokens.md): *{key} shows a live item's subject and
// price, !{key|end} counts down to an auction's own end, and anything the reader may not see —
// a deleted or hidden item, or any item when the market is closed to the reader — keeps the
// neutral #매물 N and the end its writer typed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketItems, posts } from '../../db/schema/index.js';
import { answersChanged } from '../../lib/answer-cache.js';
import { bid, createAuction, itemRow } from '../../test/auction.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createItem, seller, type TestMember } from '../../test/market.js';
import { MARKET_KEYS_PER_CONTENT, tokenRefs } from '../posts/content.js';
import { auctionChanged } from './auction-alarms.js';

let t: TestApp;
let admin: string;
let s: TestMember;
let reader: TestMember;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  s = await seller(t);
  reader = await member(t);
}, 60_000);
afterAll(() => t.close());

const TYPED = '2030-01-01T09:00:00+09:00';
const TYPED_ISO = '2030-01-01T00:00:00.000Z';
const tag = (key: number, label: string) => `<a class="tok-market" href="/market/view/${key}">${label}</a>`;
const endOf = (html: string) => /data-end="([^"]+)"/.exec(html)?.[1];

/** A free-board post of the reader's with this text, and a way to read it back as anyone. */
async function postWith(text: string) {
  const key = await createPost(t, reader.cookie, { content: `<p>${text}</p>` });
  return async (cookie?: string) => {
    const res = await post(t, '/api/board/view', { boardId: 'free', key }, cookie);
    expect(res.statusCode).toBe(200);
    return res.json().contentHtml as string;
  };
}

describe('*{key}: market items as tags', () => {
  it('shows the subject and price of live items, the status of a closed one, and #매물 N for unknown keys', async () => {
    const a = await createItem(t, s, { subject: 'FM2 바디', price: 1_250_000 });
    const b = await createItem(t, s, { subject: 'X100V', price: 990_000 });
    const status = await post(t, '/api/market/status', { key: b, status: 'sold' }, s.cookie);
    expect(status.statusCode).toBe(200);
    const view = await postWith(`*{${a}} 그리고 *{${a},${b},999999}`);
    for (const cookie of [reader.cookie, undefined]) {
      const html = await view(cookie);
      expect(html).toContain(`<p>${tag(a, '#FM2 바디 1,250,000원')} 그리고 <span class="tok-market-tags">`);
      expect(html).toContain(`${tag(b, '#X100V 990,000원 (판매 완료)')}, ${tag(999999, '#매물 999999')}</span>`);
    }
  });

  it('shows an auction at its highest bid', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000 });
    expect((await bid(t, key, 130_000, reader.cookie)).statusCode).toBe(200);
    expect(await (await postWith(`*{${key}}`))(reader.cookie)).toContain(tag(key, '#경매: 니콘 Z6III 바디 130,000원'));
  });

  it('escapes the subject a seller wrote', async () => {
    const key = await createItem(t, s, { subject: '<img src=x onerror=alert(1)> "렌즈"', price: 1_000 });
    const html = await (await postWith(`*{${key}}`))(reader.cookie);
    expect(html).toContain(tag(key, '#&lt;img src=x onerror=alert(1)&gt; &quot;렌즈&quot; 1,000원'));
    expect(html).not.toContain('<img');
  });

  it('leaves invalid tokens as written', async () => {
    const html = await (await postWith('*{0} *{1,,2} 5*{3'))(reader.cookie);
    expect(html).toBe('<p>*{0} *{1,,2} 5*{3</p>');
  });

  it('falls back for a deleted item and for a hidden one', async () => {
    const gone = await createItem(t, s, { subject: '지운 매물' });
    const hidden = await createItem(t, s, { subject: '가린 매물' });
    const view = await postWith(`*{${gone},${hidden}}`);
    expect(await view(reader.cookie)).toContain('지운 매물');
    // Only the seller (or an admin) deletes.
    expect((await post(t, '/api/market/delete', { key: gone }, reader.cookie)).statusCode).not.toBe(200);
    expect((await post(t, '/api/market/delete', { key: gone }, s.cookie)).statusCode).toBe(200);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, hidden));
    // As a report's hide tells every node: views naming the item are made again.
    answersChanged(t.database.db, [`post:${hidden}`]);
    for (const cookie of [reader.cookie, admin]) {
      const html = await view(cookie);
      expect(html).toContain(`${tag(gone, `#매물 ${gone}`)}, ${tag(hidden, `#매물 ${hidden}`)}`);
      expect(html).not.toMatch(/지운 매물|가린 매물/);
    }
  });

  it('renders in comments and in a market item\'s own text', async () => {
    const a = await createItem(t, s, { subject: '댓글 속 매물', price: 20_000 });
    const key = await createPost(t, reader.cookie);
    expect((await post(t, '/api/comment/save', { boardId: 'free', key, content: `이거요 *{${a}}` }, reader.cookie)).statusCode).toBe(200);
    const comments = await post(t, '/api/comment/list', { boardId: 'free', key }, reader.cookie);
    expect(comments.json().items[0].contentHtml).toBe(`이거요 ${tag(a, '#댓글 속 매물 20,000원')}`);
    const b = await createItem(t, s, { subject: '함께 팝니다', content: `<p>같이 보세요 *{${a}}</p>` });
    const item = await post(t, '/api/market/view', { key: b }, reader.cookie);
    expect(item.json().contentHtml).toBe(`<p>같이 보세요 ${tag(a, '#댓글 속 매물 20,000원')}</p>`);
  });
});

describe('!{key|end}: auction countdowns', () => {
  it("counts down to the auction's own end, and follows it when it moves", async () => {
    const { key, endsAt } = await createAuction(t, s);
    const view = await postWith(`마감 !{${key}|${TYPED}}`);
    expect(endOf(await view(reader.cookie))).toBe(endsAt.toISOString());
    // As anti-sniping would move it.
    const later = new Date(endsAt.getTime() + 10 * 60_000);
    await t.database.db.update(marketItems).set({ endsAt: later }).where(eq(marketItems.postKey, key));
    auctionChanged(t.database.db, key);
    expect(endOf(await view(reader.cookie))).toBe(later.toISOString());
  });

  it('ends at a buy-now', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, buyNowPrice: 300_000 });
    expect((await bid(t, key, 300_000, reader.cookie, true)).statusCode).toBe(200);
    const row = await itemRow(t, key);
    expect(row.endedAt).not.toBeNull();
    const html = await (await postWith(`!{${key}|${TYPED}}`))(reader.cookie);
    expect(endOf(html)).toBe(row.endedAt!.toISOString());
  });

  it('keeps the typed end for an item that is not an auction, an unknown key and a deleted auction', async () => {
    const plain = await createItem(t, s);
    const { key: gone } = await createAuction(t, s);
    expect((await post(t, '/api/market/delete', { key: gone }, s.cookie)).statusCode).toBe(200);
    for (const key of [plain, 888888, gone]) {
      expect(endOf(await (await postWith(`!{${key}|${TYPED}}`))(reader.cookie))).toBe(TYPED_ISO);
    }
  });
});

describe('a reader who may not read the market', () => {
  it('sees neither subjects, prices nor real ends', async () => {
    const a = await createItem(t, s, { subject: '회원 전용 매물', price: 77_000 });
    const { key: auction } = await createAuction(t, s);
    const view = await postWith(`*{${a}} !{${auction}|${TYPED}}`);
    expect(await view()).toContain('회원 전용 매물');
    await setBoard(t, 'market', { readLevel: 1 });
    try {
      const html = await view();
      expect(html).toContain(tag(a, `#매물 ${a}`));
      expect(html).not.toMatch(/회원 전용 매물|77,000/);
      expect(endOf(html)).toBe(TYPED_ISO);
      // A member still reads them.
      expect(await view(reader.cookie)).toContain(tag(a, '#회원 전용 매물 77,000원'));
    } finally {
      await setBoard(t, 'market', { readLevel: 0 });
    }
  });
});

describe('tokenRefs', () => {
  it('collects the members and market items of every content, at most 100 items each', () => {
    const many = Array.from({ length: 6 }, (_, i) => `*{${Array.from({ length: 20 }, (_, j) => i * 20 + j + 1).join(',')}}`).join(' ');
    const refs = tokenRefs([`<p>@{kim_1} ${many} !{500|${TYPED}}</p>`, `<p>!{501|${TYPED}} *{1}</p>`]);
    expect(refs.userIds).toEqual(['kim_1']);
    expect(refs.marketKeys).toHaveLength(MARKET_KEYS_PER_CONTENT + 1);
    expect(refs.marketKeys).toContain(501);
    expect(refs.marketKeys).not.toContain(500);
    expect(tokenRefs(['*{1} !{2|x}'], { plainText: true }).marketKeys).toEqual([1]);
  });
});
