// Limits by account that an attacker elsewhere cannot turn into a lock-out (decision 16): login
// and password-reset failures count per account and client, guessing from many addresses meets a
// per-account ceiling that never holds the owner's known browser, and the member hears of
// failures from elsewhere by one alarm per burst. Requests come from chosen client addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmList } from '../../common/api/alarms.js';
import { createUser, post, testApp, type TestApp } from '../test/harness.js';

const LOGIN_LIMITED = '로그인 시도가 너무 많습니다. 1분 후에 다시 시도해 주세요.';
const ACCOUNT_LIMITED =
  '이 계정에 여러 곳에서 로그인 시도가 많아 잠시 막았습니다. 전에 로그인한 적이 있는 브라우저에서는 로그인할 수 있습니다. 잠시 후 다시 시도해 주세요.';
const RESET_LOCKED = '답변을 여러 번 틀려 30분 동안 암호 찾기를 할 수 없습니다.';
const RESET_BUSY = '이 계정에 여러 곳에서 암호 찾기 시도가 많아 잠시 막았습니다. 전에 로그인한 적이 있는 브라우저에서는 계속할 수 있습니다.';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  expect(t.app.ctx.config.rateLimit).toBe(true);
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** A browser at one address: keeps its cookies (session, known-device, reset flow) like a real one. */
function browser(ip = freshIp()) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Awaited<ReturnType<TestApp['app']['inject']>>) => {
    for (const c of res.cookies) jar.set(c.name, c.value);
    return res;
  };
  return {
    ip,
    jar,
    async login(userId: string, password: string) {
      return keep(
        await t.app.inject({
          method: 'POST',
          url: '/api/login/do',
          remoteAddress: ip,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(jar.size ? { cookie: cookie() } : {}) },
          payload: new URLSearchParams({ userId, password }).toString(),
        }),
      );
    },
    async call(url: string, body: object) {
      return keep(await t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: body, headers: jar.size ? { cookie: cookie() } : {} }));
    },
  };
}

async function alarms(owner: ReturnType<typeof browser>) {
  const res = await owner.call('/api/letter/alarm/list', {});
  expect(res.statusCode).toBe(200);
  return AlarmList.parse(res.json());
}

describe('login', () => {
  it('an attacker at another address cannot lock the owner out, and stays throttled', async () => {
    const u = await createUser(t);
    const attacker = browser();
    for (let i = 0; i < 5; i++) expect((await attacker.login(u.userId, 'wrong-password')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) {
      const res = await attacker.login(u.userId, i === 2 ? u.password : 'wrong-password');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: LOGIN_LIMITED });
    }
    // The owner, at home, in a browser that never signed in before.
    const owner = browser();
    const res = await owner.login(u.userId, u.password);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'chalkak_sid')).toBeDefined();
  });

  it('guessing from many addresses meets the account’s ceiling, but the owner’s known browser still signs in', async () => {
    const u = await createUser(t);
    const owner = browser();
    expect((await owner.login(u.userId, u.password)).statusCode).toBe(200);
    const device = owner.jar.get('chalkak_dev');
    expect(device).toBeTruthy();
    // The owner's first sign-in came from a browser unknown then; with nineteen addresses, one guess
    // each, that makes the twenty attempts let through to the password check …
    for (let i = 0; i < 19; i++) expect((await browser().login(u.userId, 'wrong-password')).statusCode).toBe(401);
    // … then unknown browsers wait, whatever the password.
    for (const password of ['wrong-password', u.password]) {
      const res = await browser().login(u.userId, password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: ACCOUNT_LIMITED });
    }
    // The owner's browser is known to the account: not held, even from a new address.
    const moved = browser();
    moved.jar.set('chalkak_dev', device!);
    expect((await moved.login(u.userId, u.password)).statusCode).toBe(200);
    // A forged or foreign device cookie is just an unknown browser.
    const forger = browser();
    forger.jar.set('chalkak_dev', 'v1.AAAA.BBBB.CCCC');
    expect((await forger.login(u.userId, u.password)).statusCode).toBe(429);
    const other = await createUser(t);
    const neighbour = browser();
    expect((await neighbour.login(other.userId, other.password)).statusCode).toBe(200);
    const borrowed = browser();
    borrowed.jar.set('chalkak_dev', neighbour.jar.get('chalkak_dev')!);
    expect((await borrowed.login(u.userId, u.password)).statusCode).toBe(429);
  });

  it('tells the member of failed logins from elsewhere by one alarm per burst', async () => {
    const u = await createUser(t);
    const owner = browser();
    expect((await owner.login(u.userId, u.password)).statusCode).toBe(200);
    expect(await alarms(owner)).toEqual([]);
    const attacker = browser();
    for (let i = 0; i < 3; i++) await attacker.login(u.userId, 'wrong-password');
    await Promise.all([browser().login(u.userId, 'wrong-password'), browser().login(u.userId, 'wrong-password')]);
    // The owner's own typo in their known browser is not "elsewhere".
    expect((await owner.login(u.userId, 'typo-password')).statusCode).toBe(401);
    let list = await alarms(owner);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'login_failed',
      boardId: '',
      boardName: '',
      subject: '',
      content: '다른 곳에서 로그인 실패가 5회 있었습니다. 본인이 아니라면 암호를 바꿔 주세요.',
    });
    expect((await owner.call('/api/letter/alarm', {})).json()).toBe(1);
    // Once read, the next burst starts a new alarm.
    await owner.call('/api/letter/alarm/read', { alarmKey: list[0]!.alarmKey });
    await browser().login(u.userId, 'wrong-password');
    list = await alarms(owner);
    expect(list.map((a) => a.content)).toEqual(['다른 곳에서 로그인 실패가 1회 있었습니다. 본인이 아니라면 암호를 바꿔 주세요.']);
    // An unknown userId alarms nobody and still answers the same.
    expect((await browser().login('nobody_here', 'wrong-password')).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const find = (b: ReturnType<typeof browser>, step: 1 | 2 | 3, body: object) => b.call(`/api/public/find/step${step}`, body);

  it('an attacker who knows the userId and email cannot lock the owner’s reset, and stays locked', async () => {
    const u = await createUser(t);
    const form = { userId: u.userId, email: u.email, question: '첫 카메라는?' };
    const attacker = browser();
    expect((await find(attacker, 1, form)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await find(attacker, 2, { ...form, answer: `guess ${i}` })).statusCode).toBe(400);
    const fifth = await find(attacker, 2, { ...form, answer: 'guess 5' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe(RESET_LOCKED);
    expect((await find(attacker, 1, form)).json().message).toBe(RESET_LOCKED);
    expect((await find(attacker, 2, { ...form, answer: u.answer })).statusCode).toBe(429);

    // The owner, at another address in a browser that never signed in: the whole flow works.
    const owner = browser();
    expect((await find(owner, 1, form)).json()).toEqual({ question: '첫 카메라는?' });
    expect((await find(owner, 2, { ...form, answer: u.answer })).statusCode).toBe(200);
    const done = await find(owner, 3, { ...form, answer: u.answer, password: 'new-password-9', rePassword: 'new-password-9' });
    expect(done.statusCode).toBe(200);
    expect((await owner.login(u.userId, 'new-password-9')).statusCode).toBe(200);
    // The attacker is still locked, and the owner was told once.
    expect((await find(attacker, 1, form)).statusCode).toBe(429);
    const list = await alarms(owner);
    expect(list.map((a) => [a.kind, a.content])).toEqual([
      ['reset_failed', '다른 곳에서 암호 찾기 답변이 5회 틀렸습니다. 본인이 아니라면 비밀번호 질문과 답변을 바꿔 주세요.'],
    ]);
  });

  it('a reset past its answer cannot set the password once the member changed it another way', async () => {
    const u = await createUser(t);
    const form = { userId: u.userId, email: u.email, question: '첫 카메라는?' };
    // Someone who knows the answer gets as far as the new password…
    const other = browser();
    expect((await find(other, 1, form)).statusCode).toBe(200);
    expect((await find(other, 2, { ...form, answer: u.answer })).statusCode).toBe(200);
    // …when the member, signed in, changes the password in my-info.
    const owner = browser();
    expect((await owner.login(u.userId, u.password)).statusCode).toBe(200);
    expect((await owner.call('/api/user/myInfo', { password: u.password })).statusCode).toBe(200);
    const update = { nickName: u.nickName, email: u.email, question: '첫 카메라는?', answer: u.answer, password: 'owner-new-pass-1', rePassword: 'owner-new-pass-1' };
    expect((await owner.call('/api/user/update', update)).statusCode).toBe(200);
    const late = await find(other, 3, { ...form, answer: u.answer, password: 'taken-over-1', rePassword: 'taken-over-1' });
    expect(late.statusCode).toBe(400);
    expect((await browser().login(u.userId, 'owner-new-pass-1')).statusCode).toBe(200);
    expect((await browser().login(u.userId, 'taken-over-1')).statusCode).toBe(401);
  });

  it('guessing from many addresses meets the account’s ceiling, but the owner’s known browser still resets', async () => {
    const u = await createUser(t);
    const owner = browser();
    expect((await owner.login(u.userId, u.password)).statusCode).toBe(200);
    const form = { userId: u.userId, email: u.email, question: '첫 카메라는?' };
    for (let i = 0; i < 10; i++) {
      const b = browser();
      expect((await find(b, 1, form)).statusCode).toBe(200);
      expect((await find(b, 2, { ...form, answer: 'guess' })).statusCode).toBe(400);
    }
    const late = await find(browser(), 1, form);
    expect(late.statusCode).toBe(429);
    expect(late.json().message).toBe(RESET_BUSY);
    expect((await find(owner, 1, form)).statusCode).toBe(200);
    expect((await find(owner, 2, { ...form, answer: u.answer })).statusCode).toBe(200);
    expect((await find(owner, 3, { ...form, answer: u.answer, password: 'new-password-9', rePassword: 'new-password-9' })).statusCode).toBe(200);
  });
});

describe('without the limiter (RATE_LIMIT=false)', () => {
  it('still locks a client’s reset after five wrong answers, and only that client’s', async () => {
    const open = await testApp({ RATE_LIMIT: 'false' });
    try {
      const u = await createUser(open);
      const form = { userId: u.userId, email: u.email, question: '첫 카메라는?' };
      const send = async (ip: string, step: 1 | 2, body: object, cookie?: string) =>
        open.app.inject({ method: 'POST', url: `/api/public/find/step${step}`, remoteAddress: ip, payload: body, headers: cookie ? { cookie } : {} });
      const s1 = await send('10.8.0.1', 1, form);
      const jar = `chalkak_reset=${s1.cookies.find((c) => c.name === 'chalkak_reset')!.value}`;
      for (let i = 0; i < 5; i++) await send('10.8.0.1', 2, { ...form, answer: 'wrong' }, jar);
      expect((await send('10.8.0.1', 1, form)).statusCode).toBe(429);
      expect((await send('10.8.0.2', 1, form)).statusCode).toBe(200);
      expect((await post(open, '/api/public/find/step1', form)).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
