// Edit history: an edit that changes the subject or text keeps the earlier version and marks the
// post 수정됨; the author and admins can read the versions, nobody else.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postVersions } from '../../db/schema/index.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { adminCookie, createPost, member } from '../../test/boards.js';

let t: TestApp;
let admin: string;
let author: Awaited<ReturnType<typeof member>>;
let other: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  author = await member(t);
  other = await member(t);
});
afterAll(async () => {
  await t?.close();
});

const edit = (key: number, over: object, cookie = author.cookie) =>
  post(t, '/api/board/save', { boardId: 'free', category: 'c1', key, subject: '제목', content: '<p>내용</p>', ...over }, cookie);
const versions = (key: number, cookie?: string) => post(t, '/api/board/versions', { key }, cookie);
const view = (key: number, cookie?: string) => post(t, '/api/board/view', { boardId: 'free', key }, cookie);
const stored = (key: number) => t.database.db.select().from(postVersions).where(eq(postVersions.postKey, key));

describe('editing keeps the earlier version', () => {
  it('an edit of the text keeps the old one and shows 수정됨 time', async () => {
    const key = await createPost(t, author.cookie, { subject: '첫 제목', content: '<p>첫 내용</p>' });
    expect((await view(key)).json().editedAt).toBeNull();
    expect((await edit(key, { subject: '첫 제목', content: '<p>고친 내용</p>' })).statusCode).toBe(200);
    expect((await edit(key, { subject: '둘째 제목', content: '<p>고친 내용</p>' })).statusCode).toBe(200);

    const res = await versions(key, author.cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((v: { subject: string }) => v.subject)).toEqual(['첫 제목', '첫 제목']);
    expect(items[0].contentHtml).toContain('고친 내용');
    expect(items[1].contentHtml).toContain('첫 내용');
    expect(items[0].editedBy).toBe(author.nickName);
    // The second version was written when the first edit replaced the first.
    expect(items[0].writtenAt).toBe(items[1].replacedAt);

    // Members and visitors (whose view is cached) both see the edit time.
    const seen = (await view(key, other.cookie)).json();
    expect(seen.editedAt).toBe(items[0].replacedAt);
    expect((await view(key)).json().editedAt).toBe(items[0].replacedAt);
  });

  it('an edit that changes neither subject nor text keeps nothing', async () => {
    const key = await createPost(t, author.cookie, { subject: '그대로', content: '<p>그대로</p>' });
    expect((await edit(key, { subject: '그대로', content: '<p>그대로</p>', category: 'c2' })).statusCode).toBe(200);
    expect(await stored(key)).toHaveLength(0);
    expect((await view(key)).json().editedAt).toBeNull();
    expect((await versions(key, author.cookie)).json().items).toEqual([]);
  });

  it('an admin edit is kept with the admin as editor', async () => {
    const key = await createPost(t, author.cookie, { subject: '관리 전', content: '<p>원래</p>' });
    expect((await edit(key, { subject: '관리 후' }, admin)).statusCode).toBe(200);
    const [v] = await stored(key);
    expect(v).toMatchObject({ subject: '관리 전', content: '<p>원래</p>' });
  });
});

describe('/api/board/versions', () => {
  let key: number;
  beforeAll(async () => {
    key = await createPost(t, author.cookie, { subject: '원래 제목' });
    await edit(key, { subject: '바뀐 제목' });
  });

  it('the author and admins see the versions', async () => {
    expect((await versions(key, author.cookie)).json().items).toHaveLength(1);
    const res = await versions(key, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key, items: [{ subject: '원래 제목' }] });
  });

  it('another member gets 403, a visitor 401', async () => {
    const res = await versions(key, other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: '글쓴이와 관리자만 이전 버전을 볼 수 있습니다.' });
    expect((await versions(key)).statusCode).toBe(401);
  });

  it('a deleted or missing post is 404, a bad key 400', async () => {
    const gone = await createPost(t, author.cookie);
    await edit(gone, { subject: '지울 글' });
    expect((await post(t, '/api/board/delete', { boardId: 'free', key: gone }, author.cookie)).statusCode).toBe(200);
    const res = await versions(gone, author.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: '삭제된 글입니다.' });
    expect((await versions(999_999_999, admin)).statusCode).toBe(404);
    expect((await post(t, '/api/board/versions', { key: 'abc' }, admin)).statusCode).toBe(400);
  });
});
