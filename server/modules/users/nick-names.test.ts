// Look-alike nicknames: reserved names and other members' names in disguise are refused at
// sign-up, in the early check and at profile change; the stored key is unique and back-filled.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NICK_MSG } from '../../../common/validation.js';
import { settings, users } from '../../db/schema/index.js';
import { createUser, login, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { proofHeaders } from '../../test/spam.js';
import { backfillNickSkeletons, nickSkeleton } from './nick-names.js';

const TAKEN = '이미 사용 중인 닉네임입니다.';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

let n = 0;
function form(nickName: string) {
  const k = `${Date.now().toString(36).slice(-5)}${++n}`;
  return {
    userId: `nick_${k}`,
    password: 'secret-pass-1',
    rePassword: 'secret-pass-1',
    nickName,
    email: `nick_${k}@example.com`,
    question: '처음 쓴 카메라는?',
    answer: 'Nikon FM2',
    agree: 'Y',
  };
}
const join = async (nickName: string) => post(t, '/api/public/join', form(nickName), undefined, await proofHeaders(t, 'join'));
const check = (value: string) => post(t, '/api/public/check', { field: 'nickName', value });

async function member(over: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(t, over);
  const cookie = await login(t, u.userId, u.password);
  await post(t, '/api/user/myInfo', { password: u.password }, cookie);
  return { ...u, cookie };
}
const update = (u: { email: string; cookie: string }, nickName: string) =>
  post(t, '/api/user/update', { nickName, email: u.email, question: '첫 카메라는?', answer: 'FM2', password: '', rePassword: '' }, u.cookie);

/** Every disguise of a reserved name the issue lists (the administrator is 운영자). */
const DISGUISES: Array<[string, string]> = [
  ['Hangul filler U+3164', '운영자\u3164'],
  ['choseong filler U+115F', '운영자\u115F'],
  ['jungseong filler U+1160', '운영자\u1160'],
  ['half-width filler U+FFA0', '운영자\uFFA0'],
  ['leading filler', '\u3164운영자'],
  ['combining grapheme joiner', '운\u034F영자'],
  ['variation selector', '운영자\uFE0F'],
  ['zero-width space', '운영\u200B자'],
  ['spaced', '운 영 자'],
  ['trailing punctuation', '운영자!'],
  ['trailing full stop', '운영자.'],
  ['관리자', '관리자'],
  ['운영진', '운영진'],
  ['admin', 'admin'],
  ['capitals', 'ADMIN'],
  ['Cyrillic а', '\u0430dmin'],
  ['full-width', 'ａｄｍｉｎ'],
  ['rn for m', 'adrnin'],
  ['administrator', 'Administrator'],
  ['system', 'SYSTEM'],
  ['the site name', '찰 칵'],
];

describe('nickSkeleton', () => {
  it('folds look-alikes, case, spaces and marks into one key and keeps Korean names apart', () => {
    expect(new Set(['admin', 'ADMIN', '\u0430dmin', 'adrnin', 'a.d.m.i.n', 'Ａdmin'.normalize('NFKC')].map(nickSkeleton)).size).toBe(1);
    expect(nickSkeleton('운 영 자!')).toBe(nickSkeleton('운영자'));
    expect(nickSkeleton('운영자')).not.toBe(nickSkeleton('운영사'));
    expect(nickSkeleton('사진가')).not.toBe(nickSkeleton('사진기'));
    expect(nickSkeleton('photo0')).toBe(nickSkeleton('PHOTOO'));
    expect(nickSkeleton('ㅋㅋ맨')).toBe(nickSkeleton('ﾻﾻ맨'));
    expect(nickSkeleton('ㅋㅋ맨')).not.toBe(nickSkeleton('ㅎㅎ맨'));
  });
});

describe('reserved names in disguise', () => {
  it.each(DISGUISES)('sign-up refuses %s', async (_, nick) => {
    const res = await join(nick);
    expect(res.json()).toEqual({ message: NICK_MSG.reserved });
    expect(res.statusCode).toBe(400);
  });

  it.each(DISGUISES)('the early check refuses %s', async (_, nick) => {
    const res = await check(nick);
    expect(res.json()).toEqual({ available: false, message: NICK_MSG.reserved });
  });

  it.each(DISGUISES)('profile change refuses %s', async (_, nick) => {
    const u = await member();
    const res = await update(u, nick);
    expect(res.json()).toEqual({ message: NICK_MSG.reserved });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select({ nickName: users.nickName }).from(users).where(eq(users.no, u.no));
    expect(row!.nickName).toBe(u.nickName);
  });

  it('follows the site name in community settings', async () => {
    const [row] = await t.database.db.select().from(settings).where(eq(settings.key, 'community'));
    await t.database.db
      .update(settings)
      .set({ value: { ...(row!.value as object), siteName: '빛담 사진회' } })
      .where(eq(settings.key, 'community'));
    try {
      expect((await join('빛담-사진회')).json()).toEqual({ message: NICK_MSG.reserved });
      expect((await join('찰칵')).statusCode).toBe(200);
    } finally {
      await t.database.db.update(settings).set({ value: row!.value }).where(eq(settings.key, 'community'));
    }
  });

  it('an administrator keeps and may take a reserved name', async () => {
    const cookie = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    await post(t, '/api/user/myInfo', { password: TEST_ADMIN.password }, cookie);
    const [admin] = await t.database.db.select().from(users).where(eq(users.userId, TEST_ADMIN.userId));
    const save = (nickName: string) =>
      post(t, '/api/user/update', { nickName, email: admin!.email, question: '질문', answer: '답', password: '', rePassword: '' }, cookie);
    expect((await save('운영자')).statusCode).toBe(200);
    expect((await save('관리자')).statusCode).toBe(200);
    expect((await save('운영자')).statusCode).toBe(200);
  });
});

describe("other members' names", () => {
  let owner: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    owner = await member({ nickName: 'Lens Lover' });
  });

  it('the same name is taken', async () => {
    expect((await join('Lens Lover')).json()).toEqual({ message: TAKEN });
    expect((await check('Lens Lover')).json()).toEqual({ available: false, message: TAKEN });
  });

  it.each([['LENS-LOVER'], ['lens lover!'], ['ｌｅｎｓ ｌｏｖｅｒ'], ['lens_lover'], ['Lens Lоver' /* Cyrillic о */], ['Lens\u3164Lover']])(
    'a look-alike %j is too similar, everywhere',
    async (nick) => {
      const res = await join(nick);
      expect(res.json()).toEqual({ message: NICK_MSG.similar });
      expect(res.statusCode).toBe(409);
      expect((await check(nick)).json()).toEqual({ available: false, message: NICK_MSG.similar });
      const u = await member();
      expect((await update(u, nick)).json()).toEqual({ message: NICK_MSG.similar });
    },
  );

  it('the owner may change the case of their own name', async () => {
    const res = await update(owner, 'LENS LOVER');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.no, owner.no));
    expect(row).toMatchObject({ nickName: 'LENS LOVER', nickSkeleton: nickSkeleton('lens lover') });
  });

  it('two sign-ups racing for look-alike names: one gets it, the other a Korean 409', async () => {
    const results = await Promise.all([join('Race Winner'), join('race-winner')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(NICK_MSG.similar);
  });

  it('a withdrawn member gives up the name and its key', async () => {
    const gone = await member({ nickName: 'Gone Soon' });
    const res = await post(t, '/api/user/out', { password: gone.password }, gone.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.no, gone.no));
    expect(row).toMatchObject({ nickName: null, nickSkeleton: null });
    expect((await join('gone soon')).statusCode).toBe(200);
  });
});

describe('what is stored', () => {
  it('the cleaned name (NFKC, no fillers or invisible characters) and its key', async () => {
    const f = form('ｆｉｌｍ\u200B\u3164 좋아');
    expect((await post(t, '/api/public/join', f, undefined, await proofHeaders(t, 'join'))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.userId, f.userId));
    expect(row).toMatchObject({ nickName: 'film 좋아', nickSkeleton: nickSkeleton('film 좋아') });
  });

  it('a name with no letter or digit is refused', async () => {
    expect((await join('!!~~')).json()).toEqual({ message: NICK_MSG.letters });
  });

  it('members from before the key get it at start-up; a second look-alike keeps its name without one', async () => {
    const [a] = await t.database.db
      .insert(users)
      .values({ userId: `old_a_${n}`, passwordHash: 'x', nickName: 'Old Timer' })
      .returning({ no: users.no });
    const [b] = await t.database.db
      .insert(users)
      .values({ userId: `old_b_${n}`, passwordHash: 'x', nickName: 'OLD-TIMER' })
      .returning({ no: users.no });
    expect(await backfillNickSkeletons(t.database.db)).toBe(1);
    const rows = await t.database.db.select().from(users).where(eq(users.nickName, 'Old Timer'));
    expect(rows[0]!.nickSkeleton).toBe(nickSkeleton('Old Timer'));
    const [second] = await t.database.db.select().from(users).where(eq(users.no, b!.no));
    expect(second!.nickSkeleton).toBeNull();
    expect(a!.no).toBeLessThan(b!.no);
    expect((await join('old timer')).json()).toEqual({ message: NICK_MSG.similar });
  });
});
