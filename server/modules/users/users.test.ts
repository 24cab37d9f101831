// Sign-up calls: /api/public/join and /api/public/check.
// Rate limits are off here; server/lib/rate-limit.test.ts covers them with the limiter on.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelHistory, nickHistory, settings, users } from '../../db/schema/index.js';
import { createUser, login, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { proofHeaders } from '../../test/spam.js';

const FOREIGN = '허용되지 않은 출처의 요청입니다.';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

let n = 0;
/** A complete, valid sign-up form with unique values. */
function form(over: Record<string, unknown> = {}) {
  const k = `${Date.now().toString(36).slice(-5)}${++n}`;
  return {
    userId: `join_${k}`,
    password: 'secret-pass-1',
    rePassword: 'secret-pass-1',
    nickName: `가입자${k}`,
    email: `join_${k}@example.com`,
    question: '처음 쓴 카메라는?',
    answer: 'Nikon FM2',
    agree: 'Y',
    ...over,
  };
}

// Every sign-up carries a solved challenge, as the join page's widget sends it (docs/product/spam.md).
const join = async (body: unknown, headers: Record<string, string> = {}) => post(t, '/api/public/join', body, undefined, { ...(await proofHeaders(t, 'join')), ...headers });
const check = (field: string, value: unknown) => post(t, '/api/public/check', { field, value });

/** Expects a 400 with exactly this message, and that nothing was stored. */
async function refused(body: Record<string, unknown>, message: string) {
  const res = await join(body);
  expect(res.json()).toEqual({ message });
  expect(res.statusCode).toBe(400);
  if (typeof body.userId === 'string') {
    const rows = await t.database.db.select().from(users).where(eq(users.userId, body.userId));
    expect(rows).toHaveLength(0);
  }
}

async function setJoinOpen(open: boolean) {
  const [row] = await t.database.db.select().from(settings).where(eq(settings.key, 'community'));
  await t.database.db
    .update(settings)
    .set({ value: { ...(row!.value as object), joinOpen: open } })
    .where(eq(settings.key, 'community'));
}

describe('/api/public/join', () => {
  it('creates a member who can then log in', async () => {
    const f = form();
    const res = await join(f);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: f.userId,
      message: `${f.nickName}님, 찰칵 회원이 되신 것을 환영합니다.`,
    });
    const cookie = await login(t, f.userId, f.password);
    const info = (await post(t, '/api/session/info', {}, cookie)).json();
    expect(info).toMatchObject({ logined: true, userId: f.userId, nickName: f.nickName, admin: false, real: false });
  });

  it('logs the new member in with a browser-session cookie', async () => {
    const f = form();
    const res = await join(f);
    expect(res.statusCode).toBe(200);
    const sid = res.cookies.find((c) => c.name === 'chalkak_sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.maxAge).toBeUndefined();
    const info = (await post(t, '/api/session/info', {}, `chalkak_sid=${sid!.value}`)).json();
    expect(info).toMatchObject({ logined: true, userId: f.userId, nickName: f.nickName });
  });

  it('ends the session someone else had in the same browser', async () => {
    const other = await createUser(t);
    const before = await login(t, other.userId, other.password);
    const res = await join(form(), { cookie: before });
    expect(res.statusCode).toBe(200);
    expect((await post(t, '/api/session/info', {}, before)).json()).toMatchObject({ logined: false });
  });

  it('starts no session when the sign-up is refused', async () => {
    const res = await join(form({ agree: 'N' }));
    expect(res.statusCode).toBe(400);
    expect(res.cookies.find((c) => c.name === 'chalkak_sid')).toBeUndefined();
  });

  it('stores an argon2id hash and never the password or the answer in plain text', async () => {
    const f = form({ answer: 'Pentax  K1000' });
    expect((await join(f)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.userId, f.userId));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row!.passwordHash).not.toContain(f.password);
    expect(row!.answerEnc).toBeTruthy();
    expect(row!.answerEnc!.toLowerCase()).not.toContain('k1000');
    expect(row!.answerEnc!.toLowerCase()).not.toContain('pentax');
    expect(JSON.stringify(row)).not.toContain(f.password);
  });

  it('starts the member at the lowest level, active, not admin, with history rows', async () => {
    const f = form();
    await join(f);
    const [row] = await t.database.db.select().from(users).where(eq(users.userId, f.userId));
    expect(row).toMatchObject({ status: 'active', admin: false, real: false, points: 0, email: f.email });
    expect(row!.levelId).not.toBeNull();
    const nicks = await t.database.db.select().from(nickHistory).where(eq(nickHistory.userNo, row!.no));
    expect(nicks.map((h) => h.content)).toEqual([`가입 시 닉네임: ${f.nickName}`]);
    const levels = await t.database.db.select().from(levelHistory).where(eq(levelHistory.userNo, row!.no));
    expect(levels).toHaveLength(1);
  });

  it('ignores an admin flag sent by the client', async () => {
    const f = form({ admin: true, real: true, points: 99999 });
    expect((await join(f)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.userId, f.userId));
    expect(row).toMatchObject({ admin: false, real: false, points: 0 });
  });

  it('trims the nickname and stores the email in lower case', async () => {
    const f = form();
    const res = await join({ ...f, nickName: `  ${f.nickName} `, email: f.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.userId, f.userId));
    expect(row!.nickName).toBe(f.nickName);
    expect(row!.email).toBe(f.email);
  });

  describe('userId', () => {
    it('is required', async () => {
      const { userId: _, ...rest } = form();
      await refused(rest, '아이디는 필수 입력 항목입니다.');
      await refused(form({ userId: '' }), '아이디는 필수 입력 항목입니다.');
    });
    it('must be 4–20 of a-z, 0-9 and _', async () => {
      const rule = '아이디는 4~20자의 영문 소문자, 숫자, 밑줄(_)로 만들어 주세요.';
      for (const userId of ['abc', 'Abcd', 'ab-cd', 'ab cd', 'ab.cd', '한글아이디', 'abcd!']) {
        await refused(form({ userId }), rule);
      }
      await refused(form({ userId: 'a'.repeat(21) }), '아이디는 최대 20자까지 입력할 수 있습니다.');
    });
    it('accepts the edges: 4 and 20 characters, digits and underscores', async () => {
      for (const userId of [`u${String(++n).padStart(3, '0')}`.slice(0, 4), `x_${Date.now()}`.padEnd(20, '9').slice(0, 20)]) {
        const res = await join(form({ userId }));
        expect(res.statusCode, res.body).toBe(200);
      }
    });
    it('must be free, with its own Korean message', async () => {
      const first = form();
      await join(first);
      const res = await join(form({ userId: first.userId }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: '이미 사용 중인 아이디입니다.' });
    });
    it('of a withdrawn member stays taken; their nickname and email become free', async () => {
      const gone = await createUser(t);
      await t.database.db
        .update(users)
        .set({ status: 'withdrawn', nickName: null, nickSkeleton: null, email: null, withdrawnAt: new Date() })
        .where(eq(users.no, gone.no));
      const again = await join(form({ userId: gone.userId }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: '이미 사용 중인 아이디입니다.' });
      const reuse = await join(form({ nickName: gone.nickName, email: gone.email }));
      expect(reuse.statusCode).toBe(200);
    });
    it('of the administrator is taken', async () => {
      const res = await join(form({ userId: TEST_ADMIN.userId }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('이미 사용 중인 아이디입니다.');
    });
  });

  describe('password', () => {
    it('is required', async () => {
      await refused(form({ password: '', rePassword: '' }), '암호는 필수 입력 항목입니다.');
      const { password: _, ...rest } = form();
      await refused(rest, '암호는 필수 입력 항목입니다.');
    });
    it('needs at least 8 characters', async () => {
      await refused(form({ password: 'short12', rePassword: 'short12' }), '암호는 8자 이상이어야 합니다.');
      const ok = await join(form({ password: '12345678', rePassword: '12345678' }));
      expect(ok.statusCode).toBe(200);
    });
    it('is at most 100 characters', async () => {
      const long = 'p'.repeat(101);
      await refused(form({ password: long, rePassword: long }), '암호는 최대 100자까지 입력할 수 있습니다.');
    });
    it('must match rePassword', async () => {
      await refused(form({ rePassword: 'secret-pass-2' }), '암호와 암호 확인 값이 일치하지 않습니다.');
    });
    it('needs rePassword', async () => {
      await refused(form({ rePassword: '' }), '암호 확인은 필수 입력 항목입니다.');
      const { rePassword: _, ...rest } = form();
      await refused(rest, '암호 확인은 필수 입력 항목입니다.');
    });
  });

  describe('nickName', () => {
    it('is required', async () => {
      await refused(form({ nickName: '' }), '닉네임은 필수 입력 항목입니다.');
      await refused(form({ nickName: '   ' }), '닉네임은 필수 입력 항목입니다.');
    });
    it('is 2–20 characters', async () => {
      await refused(form({ nickName: '가' }), '닉네임은 2~20자로 입력해 주세요.');
      await refused(form({ nickName: '가'.repeat(21) }), '닉네임은 최대 20자까지 입력할 수 있습니다.');
      expect((await join(form({ nickName: `닉${++n}`.padEnd(2, '_') }))).statusCode).toBe(200);
      expect((await join(form({ nickName: `긴닉네임${n}`.padEnd(20, '가') }))).statusCode).toBe(200);
    });
    it('refuses markup and quote characters', async () => {
      const rule = '닉네임에는 < > " \' & / \\ 같은 기호를 쓸 수 없습니다.';
      for (const nickName of ['<b>굵게</b>', '따옴"표', "작은'따옴", '앤드&기호', '슬래/시', '역\\슬래시', '탭\t문자', '줄\n바꿈']) {
        await refused(form({ nickName }), rule);
      }
    });
    it('allows Hangul, letters, digits and inner spaces', async () => {
      expect((await join(form({ nickName: `사진 좋아 ${++n}` }))).statusCode).toBe(200);
    });
    it('counts a look-alike written in decomposed Hangul (NFD) as the same nickname', async () => {
      const first = form({ nickName: `사진가${++n}` });
      expect((await join(first)).statusCode).toBe(200);
      const lookAlike = first.nickName.normalize('NFD');
      expect(lookAlike).not.toBe(first.nickName);
      expect((await check('nickName', lookAlike)).json()).toEqual({ available: false, message: '이미 사용 중인 닉네임입니다.' });
      const res = await join(form({ nickName: lookAlike }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: '이미 사용 중인 닉네임입니다.' });
      // A fresh nickname typed in NFD is stored composed, and its length is counted in letters.
      const f = form({ nickName: `가나다라마바사아자차카타파하${n}`.slice(0, 18).normalize('NFD') });
      expect((await join(f)).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.userId, f.userId));
      expect(row!.nickName).toBe(f.nickName.normalize('NFC'));
    });
    it('must be free, with its own Korean message', async () => {
      const first = form();
      await join(first);
      const res = await join(form({ nickName: first.nickName }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: '이미 사용 중인 닉네임입니다.' });
    });
  });

  describe('email', () => {
    it('is required', async () => {
      await refused(form({ email: '' }), '이메일은 필수 입력 항목입니다.');
    });
    it('must look like an address', async () => {
      for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com', 'a@b']) {
        await refused(form({ email }), '올바른 이메일 주소를 입력해 주세요.');
      }
    });
    it('must be free (whatever its case), with its own Korean message', async () => {
      const first = form();
      await join(first);
      const res = await join(form({ email: first.email.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: '이미 가입된 이메일입니다.' });
    });
  });

  describe('question, answer, agree', () => {
    it('need a security question', async () => {
      await refused(form({ question: '' }), '비밀번호 질문은 필수 입력 항목입니다.');
      await refused(form({ question: '  ' }), '비밀번호 질문은 필수 입력 항목입니다.');
      await refused(form({ question: '질'.repeat(101) }), '비밀번호 질문은 최대 100자까지 입력할 수 있습니다.');
    });
    it('need an answer', async () => {
      await refused(form({ answer: '' }), '비밀번호 답변은 필수 입력 항목입니다.');
      const { answer: _, ...rest } = form();
      await refused(rest, '비밀번호 답변은 필수 입력 항목입니다.');
    });
    it('need agreement to the terms', async () => {
      const message = '이용약관과 개인정보 처리방침에 동의해 주세요.';
      const { agree: _, ...rest } = form();
      await refused(rest, message);
      await refused(form({ agree: 'N' }), message);
      await refused(form({ agree: true }), message);
    });
  });

  it('reports the first problem in screen order', async () => {
    await refused(form({ userId: '', nickName: '', email: 'bad' }), '아이디는 필수 입력 항목입니다.');
    await refused(form({ nickName: '', email: 'bad' }), '닉네임은 필수 입력 항목입니다.');
  });

  it('refuses a body that is not an object', async () => {
    const res = await post(t, '/api/public/join', [form()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('is closed when the community setting joinOpen is false', async () => {
    await setJoinOpen(false);
    try {
      const f = form();
      const res = await join(f);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: '지금은 회원 가입을 받지 않습니다.' });
      const rows = await t.database.db.select().from(users).where(eq(users.userId, f.userId));
      expect(rows).toHaveLength(0);
    } finally {
      await setJoinOpen(true);
    }
    expect((await join(form())).statusCode).toBe(200);
  });

  it('refuses a cross-site sign-up', async () => {
    const f = form();
    const res = await join(f, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: FOREIGN });
    const rows = await t.database.db.select().from(users).where(eq(users.userId, f.userId));
    expect(rows).toHaveLength(0);
  });

  it('two sign-ups racing for the same userId: exactly one wins', async () => {
    const a = form();
    const b = form({ userId: a.userId });
    const results = await Promise.all([join(a), join(b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toEqual({ message: '이미 사용 중인 아이디입니다.' });
  });
});

describe('/api/public/check', () => {
  let taken: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    taken = await createUser(t);
  });

  it('says a free userId, nickName and email are available', async () => {
    expect((await check('userId', 'free_user_id')).json()).toEqual({ available: true, message: '사용할 수 있는 아이디입니다.' });
    expect((await check('nickName', '빈닉네임')).json()).toEqual({ available: true, message: '사용할 수 있는 닉네임입니다.' });
    expect((await check('email', 'free@example.com')).json()).toEqual({ available: true, message: '사용할 수 있는 이메일입니다.' });
  });

  it('says a taken value is taken, with the same messages as sign-up', async () => {
    expect((await check('userId', taken.userId)).json()).toEqual({ available: false, message: '이미 사용 중인 아이디입니다.' });
    expect((await check('nickName', taken.nickName)).json()).toEqual({ available: false, message: '이미 사용 중인 닉네임입니다.' });
    expect((await check('email', taken.email.toUpperCase())).json()).toEqual({ available: false, message: '이미 가입된 이메일입니다.' });
  });

  it('says a malformed value is not available, with the field rule', async () => {
    expect((await check('userId', 'AB')).json()).toEqual({
      available: false,
      message: '아이디는 4~20자의 영문 소문자, 숫자, 밑줄(_)로 만들어 주세요.',
    });
    expect((await check('userId', '')).json()).toEqual({ available: false, message: '아이디는 필수 입력 항목입니다.' });
    expect((await check('nickName', '가')).json()).toEqual({ available: false, message: '닉네임은 2~20자로 입력해 주세요.' });
    expect((await check('nickName', '<script>')).json()).toEqual({
      available: false,
      message: '닉네임에는 < > " \' & / \\ 같은 기호를 쓸 수 없습니다.',
    });
    expect((await check('email', 'nope')).json()).toEqual({ available: false, message: '올바른 이메일 주소를 입력해 주세요.' });
  });

  it('keeps a withdrawn member’s userId taken', async () => {
    const gone = await createUser(t);
    await t.database.db.update(users).set({ status: 'withdrawn', nickName: null, nickSkeleton: null, email: null }).where(eq(users.no, gone.no));
    expect((await check('userId', gone.userId)).json().available).toBe(false);
    expect((await check('nickName', gone.nickName)).json().available).toBe(true);
  });

  it('refuses an unknown field or a missing value', async () => {
    const bad = await check('password', 'whatever');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    const missing = await post(t, '/api/public/check', { field: 'userId' });
    expect(missing.statusCode).toBe(400);
    const tooLong = await check('userId', 'a'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a cross-site check', async () => {
    const res = await post(t, '/api/public/check', { field: 'userId', value: 'someone' }, undefined, {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: FOREIGN });
  });
});
