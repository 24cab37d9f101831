// ${boardId} in posts, comments and letters names the board only for a reader who may read it;
// anyone else sees the neutral label 게시판 (no name, no id), decided on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { forgetBoards } from '../posts/board-rules.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<typeof member>>;
let writer: Member;
let reader: Member;

const HIDDEN = '<a class="tok-board" href="/board/staffroom/c0/list">게시판</a>';
const NAMED = '<a class="tok-board" href="/board/staffroom/c0/list">운영진 회의실</a>';
const FREE = '<a class="tok-board" href="/board/free/c0/list">자유게시판</a>';

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  writer = await member(t);
  reader = await member(t);
  // A board only members of the third level and up (and administrators) may read.
  await t.database.db.insert(boards).values({ id: 'staffroom', name: '운영진 회의실', readLevel: 3 });
  forgetBoards(t.database.db);
});
afterAll(() => t.close());

describe('${boardId} of a board the reader may not read', () => {
  it('shows a visitor and a low-level member the neutral label in a post, the administrator the name', async () => {
    const key = await createPost(t, writer.cookie, { content: '<p>${staffroom} 과 ${free} 에서 봐요</p>' });
    const html = async (cookie?: string) => (await post(t, '/api/board/view', { boardId: 'free', key }, cookie)).json().contentHtml as string;
    for (const cookie of [undefined, reader.cookie]) {
      const shown = await html(cookie);
      expect(shown).toContain(HIDDEN);
      expect(shown).toContain(FREE);
      expect(shown).not.toContain('운영진');
    }
    expect(await html(admin)).toContain(NAMED);
  });

  it('does the same in comments', async () => {
    const key = await createPost(t, writer.cookie);
    const saved = await post(t, '/api/comment/save', { boardId: 'free', key, content: '${staffroom} 참고' }, writer.cookie);
    expect(saved.statusCode).toBe(200);
    const html = async (cookie?: string) =>
      ((await post(t, '/api/comment/list', { boardId: 'free', key }, cookie)).json().items as Array<{ contentHtml: string }>)[0]!.contentHtml;
    expect(await html()).toContain(HIDDEN);
    expect(await html(reader.cookie)).toContain(HIDDEN);
    expect(await html(admin)).toContain(NAMED);
  });

  it('does the same in letters, by the reader of the letter', async () => {
    const sent = await post(t, '/api/letter/send/save', { receiver: reader.userId, subject: '안내', content: '${staffroom} 보세요' }, admin);
    expect(sent.statusCode).toBe(200);
    const inbox = await post(t, '/api/letter/unread', {}, reader.cookie);
    const letter = (inbox.json() as Array<{ letterKey: number; content: string }>)[0]!;
    expect(letter.content).toContain(HIDDEN);
    expect(letter.content).not.toContain('운영진');
    const view = await post(t, '/api/letter/receive/view', { letterKey: letter.letterKey }, reader.cookie);
    expect(view.json().contentHtml).toContain(HIDDEN);
    const own = await post(t, '/api/letter/send/view', { letterKey: letter.letterKey }, admin);
    expect(own.json().contentHtml).toContain(NAMED);
  });
});
