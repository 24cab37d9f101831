// What a board list page costs on the wire: only the fields the list page shows
// (web/features/boards/post-list.tsx), and a byte budget per row.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPost, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

/** Every field a row of the list page uses: the link (board, key), the subject line, the author, the numbers. */
const SHOWN = ['key', 'boardId', 'boardName', 'categoryName', 'subject', 'author', 'createdAt', 'views', 'recommends', 'commentCount', 'notice', 'hasImage', 'hasFile'];
const AUTHOR = ['userId', 'nickName', 'levelKey'];
/** Bytes of JSON per row, for a 30-character Korean subject (90 bytes of it). */
const ROW_BUDGET = 420;

it('sends only the fields the list page shows, within the byte budget per row', async () => {
  const writer = await member(t);
  for (let i = 0; i < 20; i++) {
    await createPost(t, writer.cookie, { subject: `오늘 아침 한강 공원에서 찍은 수국 사진 ${String(i).padStart(2, '0')}번째 이야기`.slice(0, 30) });
  }
  const res = await post(t, '/api/board/list', { boardId: 'free', page: 1 });
  const page = res.json() as { items: Array<Record<string, unknown>> };
  expect(page.items).toHaveLength(20);
  for (const item of page.items) {
    expect(Object.keys(item).sort()).toEqual([...SHOWN].sort());
    expect(Object.keys(item.author as object).sort()).toEqual([...AUTHOR].sort());
  }
  const perRow = Buffer.byteLength(JSON.stringify(page.items)) / page.items.length;
  expect(perRow).toBeLessThanOrEqual(ROW_BUDGET);
  // The whole page, its paging fields included, stays under 20 rows' budget and a little.
  expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(20 * ROW_BUDGET + 200);
});
