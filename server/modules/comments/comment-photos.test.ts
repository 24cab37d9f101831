// Photos for the full-screen viewer: a post's files carry their stored sizes, and a comment's
// +{postKey|fileN} token shows a photo of a post the reader may read, answered with its sizes,
// EXIF and products; a token naming a secret, deleted or missing post, or a file that is no photo,
// stays text and answers nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentList, PostView } from '../../../common/api/boards.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { gpsJpeg, plainPng, upload } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<typeof member>>;
let a: Member;
let b: Member;
let c: Member;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  a = await member(t);
  b = await member(t);
  c = await member(t);
  await setBoard(t, 'free', { secretPosts: 'allowed' });
});
afterAll(() => t.close());

const comment = async (key: number, content: string, cookie: string, boardId = 'free') => {
  const res = await post(t, '/api/comment/save', { boardId, key, content }, cookie);
  expect(res.statusCode, res.body).toBe(200);
};
const list = async (key: number, cookie?: string, boardId = 'free') => {
  const res = await post(t, '/api/comment/list', { boardId, key }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return CommentList.strict().parse(res.json());
};
const photoPng = async (cookie: string) => upload(t, cookie, await plainPng(), 'small.png', 'image/png');

describe('photos of a post and its comments', () => {
  let key: number;
  let shots: string[];

  beforeAll(async () => {
    shots = [await upload(t, a.cookie, await gpsJpeg(), 'bridge.jpg'), await photoPng(a.cookie), await upload(t, a.cookie, await gpsJpeg(1200, 1800), 'tower.jpg')];
    const note = await upload(t, a.cookie, Buffer.from('필름 목록\n'), 'notes.txt', 'text/plain');
    key = await createPost(t, a.cookie, { subject: '다리 사진', content: '<p><img src="file0"> 그리고 <img src="file1"></p>', files: [...shots, note] });
  });

  it('gives each photo of the post its stored sizes and its 1,280 px copy', async () => {
    const view = PostView.parse((await post(t, '/api/board/view', { boardId: 'free', key })).json());
    expect(view.files[0]).toMatchObject({ fileKey: shots[0], image: true, width: 1600, height: 1000, mediumUrl: `/api/file/down/${shots[0]}/medium` });
    expect(view.files[0]!.exif).toMatchObject({ camera: 'Canon EOS 5D Mark IV' });
    expect(view.files[1]).toMatchObject({ fileKey: shots[1], width: 48, height: 32 });
    expect(view.files[3]).toMatchObject({ image: false });
    expect(view.files[3]).not.toHaveProperty('width');
  });

  it('shows a photo a comment names, with its sizes, EXIF and products, to members and visitors', async () => {
    await comment(key, '세 번째 사진도 좋네요 +{' + key + '|file2}', b.cookie);
    for (const cookie of [c.cookie, undefined]) {
      const comments = await list(key, cookie);
      expect(comments.items[0]!.contentHtml).toContain(`<img class="content-img tok-image" src="/api/file/down/${shots[2]}/file"`);
      expect(comments.photos).toHaveLength(1);
      expect(comments.photos![0]).toMatchObject({ fileKey: shots[2], image: true, width: 1200, height: 1800, mediumUrl: `/api/file/down/${shots[2]}/medium` });
      expect(comments.photos![0]!.exif).toMatchObject({ camera: 'Canon EOS 5D Mark IV', iso: 100 });
      expect(comments.photos![0]!.exif).not.toHaveProperty('latitude');
      expect(comments.photos![0]!.cameraProduct?.name).toContain('5D Mark IV');
    }
  });

  it('leaves as text a token naming a file that is no photo, a missing file or a missing post', async () => {
    const other = await createPost(t, a.cookie, { subject: '빈 글' });
    await comment(other, `+{${key}|file3} +{${key}|file9} +{99999999|file0}`, b.cookie);
    const comments = await list(other);
    expect(comments.items[0]!.contentHtml).toBe(`+{${key}|file3} +{${key}|file9} +{99999999|file0}`);
    expect(comments).not.toHaveProperty('photos');
  });
});

describe('photos the reader may not see', () => {
  it('never lends a secret post’s photo to another page, even to its author, but shows it under the post itself', async () => {
    const photo = await photoPng(a.cookie);
    const secret = (await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '비밀 사진', content: '<p>비밀</p>', secret: true, files: [photo] }, a.cookie)).json().key as number;
    const open = await createPost(t, b.cookie, { subject: '공개 글' });
    await comment(open, `+{${secret}|file0}`, a.cookie);
    for (const cookie of [c.cookie, a.cookie, admin, undefined]) {
      const comments = await list(open, cookie);
      expect(comments.items[0]!.contentHtml).toBe(`+{${secret}|file0}`);
      expect(JSON.stringify(comments)).not.toContain(photo);
    }

    // Under the secret post itself its author sees it; another member reads neither post nor comments.
    await comment(secret, `+{${secret}|file0}`, a.cookie);
    const own = await list(secret, a.cookie);
    expect(own.items[0]!.contentHtml).toContain(`/api/file/down/${photo}/file`);
    expect(own.photos?.map((p) => p.fileKey)).toEqual([photo]);
    const refused = await post(t, '/api/comment/list', { boardId: 'free', key: secret }, c.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(photo);
  });

  it('stops showing a deleted post’s photo', async () => {
    const photo = await photoPng(b.cookie);
    const gone = await createPost(t, b.cookie, { subject: '곧 지울 글', content: '<p><img src="file0"></p>', files: [photo] });
    const open = await createPost(t, b.cookie, { subject: '남는 글' });
    await comment(open, `+{${gone}|file0}`, c.cookie);
    expect((await list(open, a.cookie)).photos?.map((p) => p.fileKey)).toEqual([photo]);
    expect((await post(t, '/api/board/delete', { boardId: 'free', key: gone }, b.cookie)).statusCode).toBe(200);
    const after = await list(open, a.cookie);
    expect(after.items[0]!.contentHtml).toBe(`+{${gone}|file0}`);
    expect(after).not.toHaveProperty('photos');
  });

  it('shows nothing of a post on a board the reader may not read', async () => {
    const photo = await photoPng(a.cookie);
    const members = await createPost(t, a.cookie, { subject: '회원 사진', content: '<p><img src="file0"></p>', files: [photo] });
    const notice = await createPost(t, admin, { boardId: 'notice', category: 'c1', subject: '모임 안내' });
    await comment(notice, `+{${members}|file0}`, b.cookie, 'notice');
    // The free board now needs a member: a visitor reads the notice, not the free board's photo.
    await setBoard(t, 'free', { readLevel: 1 });
    try {
      const visitor = await list(notice, undefined, 'notice');
      expect(visitor.items[0]!.contentHtml).toBe(`+{${members}|file0}`);
      expect(JSON.stringify(visitor)).not.toContain(photo);
      expect((await list(notice, c.cookie, 'notice')).photos?.map((p) => p.fileKey)).toEqual([photo]);
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }
  });
});
