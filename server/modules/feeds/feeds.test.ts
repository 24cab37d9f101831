// RSS feeds (issue 14): read back by a real feed parser, only what a visitor may read, a closed
// board not found, markup as text, the per-node cache dropped by a new post, ETag / 304.
import { eq } from 'drizzle-orm';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema/index.js';
import { answersChanged, postTags } from '../../lib/answer-cache.js';
import { adminCookie, createPost, member, setBoard, uploadedFile } from '../../test/boards.js';
import { testApp, type TestApp } from '../../test/harness.js';
import { inlineText, rssXml, xmlText } from './rss.js';
import { FEED_SIZE } from './service.js';

const ORIGIN = 'https://chalkak.example';
type Item = { title: string; link: string; guid: string; pubDate: string; creator: string; contentSnippet: string; content: string; categories?: string[]; thumb?: { $: { url: string } } };
const parser: Parser<Record<string, unknown>, Item> = new Parser({ customFields: { item: [['media:thumbnail', 'thumb']] } });

let t: TestApp;
let writer: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  // Many posts by one writer: the per-member limit on saves is not what these tests are about.
  t = await testApp({ PUBLIC_ORIGIN: ORIGIN, RATE_LIMIT: 'false' });
  writer = await member(t, { nickName: '피드작가' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
async function feed(url: string, headers: Record<string, string> = {}) {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  return { res, parsed: await parser.parseString(res.body) };
}
const keyOf = (link: string) => Number(link.split('/').pop());

describe('board feed', () => {
  it('lists the newest posts, newest first, with every field a reader needs', async () => {
    const older = await createPost(t, writer.cookie, { subject: '먼저 쓴 글', content: '<p>첫 <b>문단</b></p><p>둘째 문단</p>' });
    const newer = await createPost(t, writer.cookie, { subject: '나중 쓴 글', category: 'c2', content: `<p>${'긴 글 '.repeat(200)}</p>` });
    const { res, parsed } = await feed('/feed/board/free.xml');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toBeTruthy();
    expect(res.body).toContain('<language>ko</language>');
    expect(res.body).toContain(`<atom:link href="${ORIGIN}/feed/board/free.xml" rel="self" type="application/rss+xml"/>`);
    expect(parsed.title).toBe('자유게시판 - 찰칵');
    expect(parsed.link).toBe(`${ORIGIN}/board/free/c0/list`);
    expect(parsed.description).toBeTruthy();
    expect(parsed.lastBuildDate).toBeTruthy();

    const keys = parsed.items.map((i) => keyOf(i.link));
    expect(keys.slice(0, 2)).toEqual([newer, older]);
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
    const [n, o] = parsed.items as [Item, Item];
    expect(n.title).toBe('나중 쓴 글');
    expect(n.link).toBe(`${ORIGIN}/board/free/view/${newer}`);
    expect(n.guid).toBe(n.link);
    expect(n.creator).toBe('피드작가');
    expect(n.categories).toEqual(['자유게시판 › 질문']);
    expect(Math.abs(Date.parse(n.pubDate) - Date.now())).toBeLessThan(60_000);
    expect([...n.content].length).toBeLessThanOrEqual(300);
    // Plain text: the tags gone, words of separate paragraphs kept apart.
    expect(o.content).toBe('첫 문단 둘째 문단');
  });

  it('holds at most 30 posts, and a category feed only its category', async () => {
    for (let i = 0; i < FEED_SIZE + 2; i++) await createPost(t, writer.cookie, { subject: `많은 글 ${i}`, category: 'c3' });
    const { parsed } = await feed('/feed/board/free.xml');
    expect(parsed.items).toHaveLength(FEED_SIZE);
    const only = await createPost(t, writer.cookie, { subject: '정보 분류 글', category: 'c4' });
    const cat = await feed('/feed/board/free.xml?category=c4');
    expect(cat.parsed.title).toBe('자유게시판 › 정보 - 찰칵');
    expect(cat.parsed.link).toBe(`${ORIGIN}/board/free/c4/list`);
    expect(cat.parsed.items.map((i) => keyOf(i.link))).toEqual([only]);
    expect(cat.res.body).toContain(`${ORIGIN}/feed/board/free.xml?category=c4`);
  });

  it('carries the first photo as a thumbnail', async () => {
    const photo = await uploadedFile(t, writer.no);
    const key = await createPost(t, writer.cookie, { subject: '사진 글', content: '<p>사진<img src="file0"></p>', files: [photo] });
    const { parsed } = await feed('/feed/board/free.xml');
    const item = parsed.items.find((i) => keyOf(i.link) === key)!;
    expect(item.thumb?.$.url).toBe(`${ORIGIN}/api/file/down/${photo}/thumb`);
    expect(parsed.items.find((i) => i.title === '먼저 쓴 글')?.thumb).toBeUndefined();
  });

  it('reads markup in a subject and a nickname as text', async () => {
    const odd = await member(t, { nickName: '<i>닉</i>&' });
    const subject = '<script>alert(1)</script> & "따옴표" \'홑\' ]]> <![CDATA[';
    const key = await createPost(t, odd.cookie, { subject, content: '<p>&lt;b&gt;굵게 아님&lt;/b&gt; &amp; 끝</p>' });
    const { res, parsed } = await feed('/feed/board/free.xml');
    expect(res.body).not.toContain('<script>');
    const item = parsed.items.find((i) => keyOf(i.link) === key)!;
    // Escaped for HTML under the XML: only what HTML would read as markup in a title or a name,
    // everything in a description (feed-markup.test.ts renders them as a reader does).
    expect(item.title).toBe('&lt;script>alert(1)&lt;/script> & "따옴표" \'홑\' ]]> &lt;![CDATA[');
    expect(item.creator).toBe('&lt;i>닉&lt;/i>&');
    expect(item.content).toBe('&lt;b&gt;굵게 아님&lt;/b&gt; &amp; 끝');
  });

  it('leaves out deleted posts and posts hidden after a report', async () => {
    const gone = await createPost(t, writer.cookie, { subject: '지울 글' });
    const hidden = await createPost(t, writer.cookie, { subject: '가릴 글' });
    const keys = async () => (await feed('/feed/board/free.xml')).parsed.items.map((i) => keyOf(i.link));
    expect(await keys()).toEqual(expect.arrayContaining([gone, hidden]));
    await t.app.inject({ method: 'POST', url: '/api/board/delete', payload: { boardId: 'free', key: gone }, headers: { cookie: writer.cookie } });
    // As the reports module does when an admin hides a post.
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, hidden));
    answersChanged(t.database.db, postTags('free', hidden));
    const after = await keys();
    expect(after).not.toContain(gone);
    expect(after).not.toContain(hidden);
    expect((await feed('/feed/all.xml')).parsed.items.map((i) => keyOf(i.link))).not.toContain(hidden);
  });

  it('shows a new post at once although the feed is cached, and answers 304 to its ETag', async () => {
    const first = await get('/feed/board/free.xml');
    const hits = t.app.ctx.answers.stats.hits;
    const again = await get('/feed/board/free.xml', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(t.app.ctx.answers.stats.hits).toBe(hits + 1);

    const key = await createPost(t, writer.cookie, { subject: '방금 쓴 글' });
    const fresh = await get('/feed/board/free.xml', { 'if-none-match': first.headers.etag as string });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    expect(keyOf((await parser.parseString(fresh.body)).items[0]!.link)).toBe(key);
    expect(keyOf((await feed('/feed/all.xml')).parsed.items[0]!.link)).toBe(key);
  });

  it('sends gzip to a reader that accepts it', async () => {
    const res = await get('/feed/board/free.xml', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('closed and unknown feeds', () => {
  it('a board a visitor may not read is not found, for members and admins too', async () => {
    const admin = await adminCookie(t);
    const secret = await createPost(t, admin, { boardId: 'manual', subject: '회원 전용 비밀', category: 'c1' });
    await setBoard(t, 'manual', { readLevel: 2 });
    for (const cookie of [undefined, writer.cookie, admin]) {
      const res = await get('/feed/board/manual.xml', cookie ? { cookie } : {});
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('게시판을 찾을 수 없습니다.');
      expect(res.body).not.toContain('회원 전용 비밀');
    }
    const all = await feed('/feed/all.xml', { cookie: admin });
    expect(all.parsed.items.map((i) => keyOf(i.link))).not.toContain(secret);
    expect(all.res.body).not.toContain('회원 전용 비밀');
    // The board list page links its feed only when there is one.
    const info = await t.app.inject({ method: 'POST', url: '/api/board/info', payload: { boardId: 'manual' }, headers: { cookie: admin } });
    expect(info.json().feed).toBe(false);
    await setBoard(t, 'manual', { readLevel: 0 });
    expect((await t.app.inject({ method: 'POST', url: '/api/board/info', payload: { boardId: 'manual' } })).json().feed).toBe(true);
    expect((await feed('/feed/all.xml')).parsed.items.map((i) => keyOf(i.link))).toContain(secret);
  });

  it('a hidden board keeps its own feed but leaves the all-list feed', async () => {
    const admin = await adminCookie(t);
    const key = await createPost(t, admin, { boardId: 'site', subject: '숨은 게시판 글', category: 'c1' });
    await setBoard(t, 'site', { hidden: true });
    expect((await feed('/feed/board/site.xml')).parsed.items.map((i) => keyOf(i.link))).toContain(key);
    expect((await feed('/feed/all.xml')).parsed.items.map((i) => keyOf(i.link))).not.toContain(key);
    await setBoard(t, 'site', { hidden: false });
  });

  it('an unknown board or category is not found; a malformed category is refused in Korean', async () => {
    expect((await get('/feed/board/nothing.xml')).statusCode).toBe(404);
    expect((await get('/feed/board/free')).statusCode).toBe(400);
    const cat = await get('/feed/board/free.xml?category=c99');
    expect(cat.statusCode).toBe(404);
    expect(cat.json().message).toBe('분류를 찾을 수 없습니다.');
    const bad = await get('/feed/board/free.xml?category=%3Cx%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('분류를 찾을 수 없습니다.');
  });

  it('without PUBLIC_ORIGIN the links use the address the request came to', async () => {
    const plain = await testApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/feed/all.xml', headers: { host: 'photo.example:8080' } });
      const parsed = await parser.parseString(res.body);
      expect(parsed.link).toBe('http://photo.example:8080/all/list');
      expect(parsed.items.every((i) => i.link.startsWith('http://photo.example:8080/board/'))).toBe(true);
    } finally {
      await plain.close();
    }
  });
});

describe('rss writing', () => {
  it('escapes markup and drops characters XML 1.0 forbids', async () => {
    expect(xmlText(`a<b>&"'\u0001\uFFFE\uD800z`)).toBe('a&lt;b&gt;&amp;&quot;&apos;z');
    // For HTML, only what would open a tag or a reference: "A & B", "1<2", "<3" stay as typed.
    expect(inlineText('A & B 1<2 <3 &amp; <b> </x> <!-- &#38; &한')).toBe('A & B 1<2 <3 &amp;amp; &lt;b> &lt;/x> &lt;!-- &amp;#38; &한');
    const xml = rssXml({
      title: '제목\u0000',
      link: 'https://x.example/',
      self: 'https://x.example/feed.xml',
      description: '설명',
      items: [{ title: '글 \u0008 ]]>', link: 'https://x.example/1', author: '이름', description: '요약', published: new Date(0) }],
    });
    const parsed = await parser.parseString(xml);
    expect(parsed.title).toBe('제목');
    expect(parsed.items[0]!.title).toBe('글  ]]>');
    expect(parsed.items[0]!.pubDate).toBe('Thu, 01 Jan 1970 00:00:00 GMT');
  });
});
