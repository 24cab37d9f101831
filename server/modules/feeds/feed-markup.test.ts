// Member text in every feed reaches a reader as text: each feed is parsed as XML, then every
// title, description, author and category as HTML (RSS lets a reader render them so), and what
// the member typed must be visible characters, never an element.
import { DomUtils, parseDocument } from 'htmlparser2';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../../test/boards.js';
import { createGallery } from '../../test/gallery.js';
import { testApp, type TestApp } from '../../test/harness.js';
import { createItem, seller } from '../../test/market.js';

const HOSTILE = '<img src=x onerror=alert(1)> A & B <script>alert(2)</script>';
/** Stored HTML whose text is HOSTILE (the editor writes typed markup escaped). */
const HOSTILE_HTML = '<p>&lt;img src=x onerror=alert(1)&gt; A &amp; B &lt;script&gt;alert(2)&lt;/script&gt;</p>';
const NICK = '<b onclick=a>닉&</b>';
/** Characters that are markup only in some places: a title holding them needs no escaping. */
const PLAIN = 'A & B, 1<2 > 0 & 끝';

type Item = { title: string; link: string; creator: string; content: string; categories?: string[] };
const parser: Parser<Record<string, unknown>, Item> = new Parser();

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ PUBLIC_ORIGIN: 'https://chalkak.example', RATE_LIMIT: 'false' });
  // One member writes everywhere (a seller may also post and share photos).
  const writer = await seller(t, { nickName: NICK });
  await createPost(t, writer.cookie, { subject: HOSTILE, content: HOSTILE_HTML });
  await createPost(t, writer.cookie, { subject: PLAIN, content: '<p>보통 글</p>' });
  await createItem(t, writer, { subject: HOSTILE, content: HOSTILE_HTML });
  await createGallery(t, writer.cookie, { title: HOSTILE, description: HOSTILE });
});
afterAll(async () => {
  await t?.close();
});

async function items(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return (await parser.parseString(res.body)).items;
}

/** What a reader that renders the field as HTML shows; fails on any element in it. */
function rendered(field: string): string {
  const doc = parseDocument(field);
  const elements = DomUtils.findAll(() => true, doc.children).map((e) => e.name);
  expect(elements, field).toEqual([]);
  return DomUtils.textContent(doc);
}

describe('feeds carry text, not markup', () => {
  it.each(['/feed/all.xml', '/feed/board/free.xml', '/feed/market.xml', '/feed/gallery.xml'])('%s', async (url) => {
    const all = await items(url);
    const hostile = all.filter((i) => i.title.includes('onerror'));
    expect(hostile.length, url).toBeGreaterThan(0);
    for (const item of hostile) {
      // The whole subject and the excerpt, as the member typed them, as visible characters.
      expect(rendered(item.title)).toContain(HOSTILE);
      expect(rendered(item.content)).toContain(HOSTILE);
      expect(rendered(item.creator)).toBe(NICK);
      for (const c of item.categories ?? []) rendered(c);
    }
  });

  it('a title reads the same in a reader that takes it as text and in one that takes it as HTML', async () => {
    const item = (await items('/feed/board/free.xml')).find((i) => i.title.startsWith('A &'))!;
    expect(item.title).toBe(PLAIN);
    expect(rendered(item.title)).toBe(PLAIN);
  });
});
