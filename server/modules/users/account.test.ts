import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, pointLedger, posts, sessions, users } from '../../db/schema/index.js';
import { createUser, login, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { awardPoints } from '../points/service.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

async function member() {
  const u = await createUser(t);
  const cookie = await login(t, u.userId, u.password);
  return { ...u, cookie };
}

const validUpdate = (u: { nickName: string; email: string }) => ({
  nickName: u.nickName,
  email: u.email,
  question: '첫 카메라는?',
  answer: 'FM2',
  password: '',
  rePassword: '',
});

describe('/api/user/myInfo', () => {
  it('returns the profile after the right password', async () => {
    const u = await member();
    const res = await post(t, '/api/user/myInfo', { password: u.password }, u.cookie);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ userId: u.userId, nickName: u.nickName, email: u.email, question: '첫 카메라는?', answer: 'fm2', levelName: '새내기', real: false });
    expect(p.joinDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
  it('refuses a wrong password with a Korean message', async () => {
    const u = await member();
    const res = await post(t, '/api/user/myInfo', { password: 'not-my-password' }, u.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('암호가 올바르지 않습니다.');
  });
  it('asks for the password when it is empty', async () => {
    const u = await member();
    const res = await post(t, '/api/user/myInfo', { password: '' }, u.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('암호를 입력해 주세요.');
  });
  it('needs a login', async () => {
    const res = await post(t, '/api/user/myInfo', { password: 'whatever-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('로그인이 필요합니다.');
  });
});

describe('/api/user/update', () => {
  it('changes the nickname, writes history and updates the session', async () => {
    const u = await member();
    await post(t, '/api/user/myInfo', { password: u.password }, u.cookie);
    const nick = '새닉' + u.no;
    const res = await post(t, '/api/user/update', { ...validUpdate(u), nickName: nick }, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('변경되었습니다.');
    expect((await post(t, '/api/session/info', {}, u.cookie)).json().nickName).toBe(nick);
    const hist = (await post(t, '/api/user/history/nick', {}, u.cookie)).json();
    expect(hist[0].content).toBe(`${u.nickName} → ${nick}`);
    expect(hist[0].regDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
  it('refuses without a recent password prompt', async () => {
    const u = await member();
    const res = await post(t, '/api/user/update', validUpdate(u), u.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('암호를 입력해 주세요');
  });
  it('applies the profile rules and changes nothing on bad input', async () => {
    const u = await member();
    await post(t, '/api/user/myInfo', { password: u.password }, u.cookie);
    const cases: Array<[object, string]> = [
      [{ nickName: '' }, '닉네임은 필수 입력 항목입니다.'],
      [{ email: '' }, '이메일은 필수 입력 항목입니다.'],
      [{ question: ' ' }, '비밀번호 질문은 필수 입력 항목입니다.'],
      [{ answer: '' }, '비밀번호 답변은 필수 입력 항목입니다.'],
      [{ password: 'short', rePassword: 'short' }, '암호는 8자 이상이어야 합니다.'],
      [{ password: 'long-enough-1', rePassword: 'long-enough-2' }, '암호와 암호 확인 값이 일치하지 않습니다.'],
    ];
    for (const [change, message] of cases) {
      const res = await post(t, '/api/user/update', { ...validUpdate(u), nickName: 'x' + u.nickName, ...change }, u.cookie);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post(t, '/api/session/info', {}, u.cookie)).json().nickName).toBe(u.nickName);
  });
  it('keeps nicknames and emails unique', async () => {
    const a = await member();
    const b = await createUser(t);
    await post(t, '/api/user/myInfo', { password: a.password }, a.cookie);
    let res = await post(t, '/api/user/update', { ...validUpdate(a), nickName: b.nickName }, a.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('이미 사용 중인 닉네임입니다.');
    res = await post(t, '/api/user/update', { ...validUpdate(a), email: b.email }, a.cookie);
    expect(res.json().message).toBe('이미 가입된 이메일입니다.');
  });
  it('two members racing for one new nickname: one gets it, the other a Korean 409', async () => {
    const a = await member();
    const b = await member();
    await post(t, '/api/user/myInfo', { password: a.password }, a.cookie);
    await post(t, '/api/user/myInfo', { password: b.password }, b.cookie);
    const nick = '경쟁닉' + a.no;
    const results = await Promise.all([
      post(t, '/api/user/update', { ...validUpdate(a), nickName: nick }, a.cookie),
      post(t, '/api/user/update', { ...validUpdate(b), nickName: nick }, b.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('이미 사용 중인 닉네임입니다.');
  });
  it('a new password ends the other sessions but keeps this one', async () => {
    const u = await member();
    const other = await login(t, u.userId, u.password);
    await post(t, '/api/user/myInfo', { password: u.password }, u.cookie);
    const res = await post(t, '/api/user/update', { ...validUpdate(u), password: 'brand-new-pass', rePassword: 'brand-new-pass' }, u.cookie);
    expect(res.statusCode).toBe(200);
    expect((await post(t, '/api/session/info', {}, u.cookie)).json().logined).toBe(true);
    expect((await post(t, '/api/session/info', {}, other)).json().logined).toBe(false);
    await login(t, u.userId, 'brand-new-pass');
  });
});

describe('histories', () => {
  it('start with the sign-up rows and are the caller’s own', async () => {
    const u = await member();
    const nick = (await post(t, '/api/user/history/nick', {}, u.cookie)).json();
    expect(nick).toEqual([{ content: `가입 시 닉네임: ${u.nickName}`, regDate: expect.any(String) }]);
    const level = (await post(t, '/api/user/history/level', {}, u.cookie)).json();
    expect(level[0].content).toBe('가입: 새내기');
    expect((await post(t, '/api/user/history/level')).statusCode).toBe(401);
  });
  it('a level change from points writes a readable line', async () => {
    const u = await member();
    await awardPoints(t.database.db, u.no, 150, '시험');
    const level = (await post(t, '/api/user/history/level', {}, u.cookie)).json();
    expect(level[0].content).toMatch(/^새내기 → 입문 \(포인트 1\d\d\)$/);
    const [row] = await t.database.db.select().from(pointLedger).where(eq(pointLedger.userNo, u.no));
    expect(row).toBeTruthy();
  });
});

describe('points and rank', () => {
  it('the first login of the day earns points, the second does not', async () => {
    const u = await createUser(t);
    await login(t, u.userId, u.password);
    await login(t, u.userId, u.password);
    const [row] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.no, u.no));
    expect(row!.points).toBe(1);
  });
  it('levelKey is the activity rank', async () => {
    const top = await member();
    await awardPoints(t.database.db, top.no, 1_000_000, '시험');
    expect((await post(t, '/api/session/info', {}, top.cookie)).json().levelKey).toBe(1);
  });
});

describe('/api/user/out', () => {
  it('is refused while board posts or comments remain, saying how many', async () => {
    const u = await member();
    const [p] = await t.database.db
      .insert(posts)
      .values({ boardId: 'free', userNo: u.no, nickName: u.nickName, subject: '글', content: '<p>x</p>' })
      .returning();
    await t.database.db.insert(comments).values({ postKey: p!.key, userNo: u.no, nickName: u.nickName, content: '댓글' });
    const res = await post(t, '/api/user/out', { password: u.password }, u.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('게시판에 남아 있는 글 1개와 댓글 1개를 먼저 삭제해 주세요.');
    expect((await post(t, '/api/session/info', {}, u.cookie)).json().logined).toBe(true);
  });
  it('does not count comments left under a post that was deleted since', async () => {
    const u = await member();
    const [p] = await t.database.db
      .insert(posts)
      .values({ boardId: 'free', nickName: '다른회원', subject: '글', content: '<p>x</p>', deletedAt: new Date() })
      .returning();
    await t.database.db.insert(comments).values({ postKey: p!.key, userNo: u.no, nickName: u.nickName, content: '댓글' });
    const res = await post(t, '/api/user/out', { password: u.password }, u.cookie);
    expect(res.statusCode).toBe(200);
  });
  it('refuses a wrong or empty password', async () => {
    const u = await member();
    expect((await post(t, '/api/user/out', { password: 'wrong-one-1' }, u.cookie)).json().message).toBe('암호가 올바르지 않습니다.');
    expect((await post(t, '/api/user/out', { password: '' }, u.cookie)).json().message).toBe('암호를 입력해 주세요.');
    expect((await post(t, '/api/user/out', { password: u.password })).statusCode).toBe(401);
  });
  it('deletes profile data and sessions, keeps the userId reserved', async () => {
    const u = await member();
    const res = await post(t, '/api/user/out', { password: u.password }, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('회원 탈퇴가 정상적으로 처리되었습니다.');
    const [row] = await t.database.db.select().from(users).where(eq(users.no, u.no));
    expect(row).toMatchObject({ status: 'withdrawn', nickName: null, email: null, question: null, answerEnc: null, points: 0 });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userNo, u.no))).toHaveLength(0);
    const check = await post(t, '/api/public/check', { field: 'userId', value: u.userId });
    expect(check.json().available).toBe(false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login/do',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `userId=${u.userId}&password=${u.password}`,
    });
    expect(again.statusCode).toBe(401);
  });
  it('an administrator cannot withdraw', async () => {
    const cookie = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    expect((await post(t, '/api/user/out', { password: TEST_ADMIN.password }, cookie)).statusCode).toBe(403);
  });
});
