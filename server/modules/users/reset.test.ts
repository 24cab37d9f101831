import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

/** A browser: keeps the reset cookie between steps like a real one. */
function browser() {
  let jar = '';
  return async (step: 1 | 2 | 3, body: object) => {
    const res = await post(t, `/api/public/find/step${step}`, body, jar || undefined);
    const c = res.cookies.find((x) => x.name === 'chalkak_reset');
    if (c) jar = `chalkak_reset=${c.value}`;
    return res;
  };
}

describe('password reset', () => {
  it('goes through the three steps, ends sessions and the new password works', async () => {
    const u = await createUser(t, { answer: '  Nikon FM2 ' });
    const session = await login(t, u.userId, u.password);
    const b = browser();
    const s1 = await b(1, { userId: u.userId, email: u.email.toUpperCase() });
    expect(s1.statusCode).toBe(200);
    expect(s1.json()).toEqual({ question: '첫 카메라는?' });
    const form = { userId: u.userId, email: u.email, question: '첫 카메라는?', answer: 'nikon   fm2' };
    expect((await b(2, form)).statusCode).toBe(200);
    const s3 = await b(3, { ...form, password: 'new-password-9', rePassword: 'new-password-9' });
    expect(s3.statusCode).toBe(200);
    expect(s3.json().message).toBe('암호가 변경되었습니다.');
    expect((await post(t, '/api/session/info', {}, session)).json().logined).toBe(false);
    await login(t, u.userId, 'new-password-9');
    // Once: the same step 3 again is refused.
    const replay = await b(3, { ...form, password: 'other-password-9', rePassword: 'other-password-9' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('암호 찾기를 처음 단계부터 다시 진행해 주세요.');
  });

  it('checks required fields per step', async () => {
    const b = browser();
    expect((await b(1, { userId: '', email: 'a@b.c' })).json().message).toBe('아이디는 필수 입력 항목입니다.');
    expect((await b(1, { userId: 'someone' })).json().message).toBe('이메일은 필수 입력 항목입니다.');
    expect((await b(2, { userId: 'someone', email: 'a@b.c', question: 'q' })).json().message).toBe('비밀번호 답변은 필수 입력 항목입니다.');
    const base = { userId: 'someone', email: 'a@b.c', question: 'q', answer: 'a' };
    expect((await b(3, { ...base, password: 'short', rePassword: 'short' })).json().message).toBe('암호는 8자 이상이어야 합니다.');
    expect((await b(3, { ...base, password: 'long-enough', rePassword: '' })).json().message).toBe('암호 확인은 필수 입력 항목입니다.');
    expect((await b(3, { ...base, password: 'long-enough', rePassword: 'long-enougX' })).json().message).toBe('암호와 암호 확인 값이 일치하지 않습니다.');
  });

  it('refuses an unknown userId/email pair', async () => {
    const u = await createUser(t);
    const res = await browser()(1, { userId: u.userId, email: 'other@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('아이디와 이메일이 일치하는 회원을 찾을 수 없습니다.');
  });

  it('refuses steps out of order or from another browser', async () => {
    const u = await createUser(t);
    const form = { userId: u.userId, email: u.email, question: '첫 카메라는?', answer: 'FM2' };
    // Step 2 without step 1, and step 3 without step 2.
    expect((await browser()(2, form)).statusCode).toBe(400);
    const b = browser();
    await b(1, form);
    expect((await b(3, { ...form, password: 'new-password-9', rePassword: 'new-password-9' })).statusCode).toBe(400);
    // Another browser cannot continue this flow.
    expect((await browser()(2, form)).json().message).toBe('암호 찾기를 처음 단계부터 다시 진행해 주세요.');
    await login(t, u.userId, u.password);
  });

  it('locks the flow after five wrong answers', async () => {
    const u = await createUser(t);
    const b = browser();
    await b(1, { userId: u.userId, email: u.email });
    const wrong = { userId: u.userId, email: u.email, question: 'q', answer: 'wrong' };
    expect((await b(2, wrong)).json().message).toBe('답변이 올바르지 않습니다. (남은 기회 4번)');
    for (let i = 0; i < 3; i++) await b(2, wrong);
    const fifth = await b(2, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('답변을 여러 번 틀려 30분 동안 암호 찾기를 할 수 없습니다.');
    // Even the right answer, or starting over, is refused while locked.
    expect((await b(2, { ...wrong, answer: 'FM2' })).statusCode).toBe(429);
    expect((await b(1, { userId: u.userId, email: u.email })).statusCode).toBe(429);
  });

  it('counts wrong answers sent at the same time: they still lock the flow', async () => {
    const u = await createUser(t);
    const b = browser();
    await b(1, { userId: u.userId, email: u.email });
    const wrong = { userId: u.userId, email: u.email, question: 'q', answer: 'wrong' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => b(2, wrong)));
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(4);
    // Locked: not even the right answer gets through.
    expect((await b(2, { ...wrong, answer: 'FM2' })).statusCode).toBe(429);
  });

  it('rate limits attempts per account', async () => {
    const limited = await testApp();
    try {
      const u = await createUser(limited);
      let last = 0;
      for (let i = 0; i < 11; i++) {
        last = (await post(limited, '/api/public/find/step1', { userId: u.userId, email: 'nope@example.com' })).statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
