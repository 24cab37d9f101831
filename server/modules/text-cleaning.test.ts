// Text cleaning on every write (common/text.ts): bidi controls never reach the database, and a
// required field of spaces and zero-width characters is empty. One test per kind of write.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, files, letters, museumExhibits, posts, users } from '../db/schema/index.js';
import { createPost, member } from '../test/boards.js';
import { createGallery, plainPng, upload } from '../test/gallery.js';
import { post, testApp, type TestApp } from '../test/harness.js';

const RLO = '\u202E';
/** Every bidi control the issue names: embeddings, overrides and isolates. */
const BIDI = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
const BIDI_RE = /[\u202A-\u202E\u2066-\u2069]/;
/** Looks empty: spaces, zero-width space and joiner, a Hangul filler, an ideographic space. */
const BLANK = ' \u200B\u200D\u3164\u3000 ';

let t: TestApp;
let a: Awaited<ReturnType<typeof member>>;
let b: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  a = await member(t);
  b = await member(t);
});
afterAll(() => t.close());

describe('posts', () => {
  it('subject and content lose their bidi controls, also those written as character references', async () => {
    const key = await createPost(t, a.cookie, {
      subject: `청구서${BIDI}확인`,
      content: `<p title="x${RLO}y">사진 ${RLO}gpj.exe &#x202E;fdp.exe &#8238;끝</p>`,
    });
    const [row] = await t.database.db.select().from(posts).where(eq(posts.key, key));
    expect(row!.subject).toBe('청구서확인');
    expect(row!.content).not.toMatch(BIDI_RE);
    expect(row!.content).toContain('사진 gpj.exe fdp.exe 끝');
  });

  it('a subject of spaces and zero-width characters is empty', async () => {
    const res = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: BLANK, content: '<p>내용</p>' }, a.cookie);
    expect(res.json()).toEqual({ message: '제목은 필수 입력 항목입니다.' });
    expect(res.statusCode).toBe(400);
  });

  it('content of invisible characters only is empty', async () => {
    const res = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: `<p>${BLANK}</p><p>&nbsp;</p>` }, a.cookie);
    expect(res.json()).toEqual({ message: '내용은 필수 입력 항목입니다.' });
  });
});

describe('comments', () => {
  it('lose their bidi controls; invisible-only is empty', async () => {
    const key = await createPost(t, a.cookie);
    const res = await post(t, '/api/comment/save', { boardId: 'free', key, content: `좋아요${BIDI}\n두 줄` }, b.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(comments).where(eq(comments.key, res.json().commentKey));
    expect(row!.content).toBe('좋아요\n두 줄');

    const empty = await post(t, '/api/comment/save', { boardId: 'free', key, content: BLANK }, b.cookie);
    expect(empty.json()).toEqual({ message: '댓글은 필수 입력 항목입니다.' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('letters', () => {
  it('subject and content lose their bidi controls, in a letter and in a quick reply', async () => {
    const res = await post(t, '/api/letter/send/save', { receiver: b.userId, subject: `안녕${RLO}하세요`, content: `내용${BIDI}입니다` }, a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(letters).where(eq(letters.letterKey, res.json().letterKey));
    expect(row).toMatchObject({ subject: '안녕하세요', content: '내용입니다' });

    const reply = await post(t, '/api/letter/send/quick', { letterKey: row!.letterKey, content: `답장${RLO}이에요` }, b.cookie);
    expect(reply.statusCode, reply.body).toBe(200);
    const [back] = await t.database.db.select().from(letters).where(eq(letters.letterKey, reply.json().letterKey));
    expect(back).toMatchObject({ subject: 'RE: 안녕하세요', content: '답장이에요' });
  });

  it('a subject or content of invisible characters only is empty', async () => {
    let res = await post(t, '/api/letter/send/save', { receiver: b.userId, subject: BLANK, content: '내용' }, a.cookie);
    expect(res.json()).toEqual({ message: '제목은 필수 입력 항목입니다.' });
    res = await post(t, '/api/letter/send/save', { receiver: b.userId, subject: '제목', content: BLANK }, a.cookie);
    expect(res.json()).toEqual({ message: '내용은 필수 입력 항목입니다.' });
    // Line breaks sent as <br> around a filler are nothing either.
    res = await post(t, '/api/letter/send/save', { receiver: b.userId, subject: '제목', content: '<br>\u3164<br>' }, a.cookie);
    expect(res.json()).toEqual({ message: '내용은 필수 입력 항목입니다.' });
    expect(res.statusCode).toBe(400);
  });
});

describe('uploads', () => {
  it('a file name loses its bidi controls: invoice\\u202Efdp.exe cannot pose as a PDF', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `invoice${RLO}fdp.pdf`);
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie: a.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('invoicefdp.pdf');
    const [row] = await t.database.db.select().from(files).where(eq(files.key, res.json().fileKey));
    expect(row!.name).toBe('invoicefdp.pdf');
  });
});

describe('profile', () => {
  it('the nickname and the security question lose their bidi controls', async () => {
    const u = await member(t);
    await post(t, '/api/user/myInfo', { password: u.password }, u.cookie);
    const res = await post(
      t,
      '/api/user/update',
      { nickName: `새${RLO}닉네임${u.no}`, email: u.email, question: `첫${BIDI} 카메라는?`, answer: 'FM2', password: '', rePassword: '' },
      u.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.no, u.no));
    expect(row).toMatchObject({ nickName: `새닉네임${u.no}`, question: '첫 카메라는?' });
  });

  it('a question of invisible characters only is empty', async () => {
    const u = await member(t);
    await post(t, '/api/user/myInfo', { password: u.password }, u.cookie);
    const res = await post(t, '/api/user/update', { nickName: u.nickName, email: u.email, question: BLANK, answer: 'FM2', password: '', rePassword: '' }, u.cookie);
    expect(res.json()).toEqual({ message: '비밀번호 질문은 필수 입력 항목입니다.' });
  });
});

/** Control characters other than tab and line breaks (BEL, ESC, DEL, a C1 control). */
const CONTROL = '\u0007\u001b\u007f\u0085';

describe('gallery', () => {
  it('a description, photo captions and museum notes lose their bidi and control characters', async () => {
    const fileKey = await upload(t, a.cookie, await plainPng(), 'a.png', 'image/png');
    const key = await createGallery(t, a.cookie, { description: `파도${BIDI}${CONTROL}\n바람`, photos: [{ fileKey, caption: `첫${CONTROL}${BIDI} 사진` }] });
    const [row] = await t.database.db.select({ content: posts.content }).from(posts).where(eq(posts.key, key));
    for (const ch of CONTROL + BIDI) expect(row!.content).not.toContain(ch);
    const [file] = await t.database.db.select({ caption: files.caption }).from(files).where(eq(files.key, fileKey));
    expect(file!.caption).toBe('첫 사진');

    const res = await post(t, '/api/museum/save', { exhibits: [{ galleryKey: key, note: `작품${CONTROL}${BIDI} 설명` }] }, a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [exhibit] = await t.database.db.select({ note: museumExhibits.note }).from(museumExhibits).where(eq(museumExhibits.postKey, key));
    expect(exhibit!.note).toBe('작품 설명');
  });
});
