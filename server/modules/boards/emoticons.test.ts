// Emoticons from the community setting (docs/product/site.md#community-setup): listed with the board for the editors'
// pickers, and ^{key} rendered as the picture in posts and comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardInfo, CommentList, PostView } from '../../../common/api/boards.js';
import { createPost, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  a = await member(t);
});
afterAll(() => t.close());

const DEFAULT_SET = [
  { key: 'smile', name: '웃음' },
  { key: 'wink', name: '윙크' },
  { key: 'thumb', name: '최고' },
  { key: 'camera', name: '찰칵' },
];
const SMILE = '<img class="tok-icon" src="/images/emoticons/smile.svg" alt="웃음">';

describe('emoticons', () => {
  it('are listed with the board info and the board summary, in setting order', async () => {
    const res = await post(t, '/api/board/info', { boardId: 'free' });
    expect(res.statusCode).toBe(200);
    expect(BoardInfo.strict().parse(res.json()).emoticons).toEqual(DEFAULT_SET);
    expect((await post(t, '/api/board/summary', { boardId: 'free' })).json().board.emoticons).toEqual(DEFAULT_SET);
  });

  it('render as pictures in a comment for keys in the setting; other keys stay text', async () => {
    const key = await createPost(t, a.cookie);
    const saved = await post(t, '/api/comment/save', { boardId: 'free', key, content: '좋아요 ^{smile} ^{unknown}' }, a.cookie);
    expect(saved.statusCode).toBe(200);
    const { items } = CommentList.parse((await post(t, '/api/comment/list', { boardId: 'free', key }, a.cookie)).json());
    expect(items[0]!.content).toBe('좋아요 ^{smile} ^{unknown}');
    expect(items[0]!.contentHtml).toBe(`좋아요 ${SMILE} ^{unknown}`);
  });

  it('render as pictures in a post', async () => {
    const key = await createPost(t, a.cookie, { content: '<p>출사 후기 ^{smile} ^{unknown}</p>' });
    const view = PostView.parse((await post(t, '/api/board/view', { boardId: 'free', key })).json());
    expect(view.contentHtml).toBe(`<p>출사 후기 ${SMILE} ^{unknown}</p>`);
  });
});
