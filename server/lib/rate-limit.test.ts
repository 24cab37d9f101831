// Rate limits with the limiter on (RATE_LIMIT defaults to true): login per address and per
// account, sign-up and the availability check. Requests come from chosen client addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, testApp, type TestApp } from '../test/harness.js';

const LOGIN_LIMITED = '로그인 시도가 너무 많습니다. 1분 후에 다시 시도해 주세요.';
const LIMITED = '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  expect(t.app.ctx.config.rateLimit).toBe(true);
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function loginFrom(ip: string, userId: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login/do',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ userId, password }).toString(),
  });
}

describe('login', () => {
  it('allows 10 attempts a minute from one address, then answers 429 in Korean', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await loginFrom(ip, `nobody_${i}`, 'wrong-password');
      expect(res.statusCode).toBe(401);
    }
    const res = await loginFrom(ip, 'nobody_x', 'wrong-password');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: LOGIN_LIMITED });
    expect(res.cookies).toHaveLength(0);
    // Even the right password is refused from that address for now …
    const u = await createUser(t);
    expect((await loginFrom(ip, u.userId, u.password)).statusCode).toBe(429);
    // … a forged X-Forwarded-For does not help (no trusted proxy) …
    expect((await loginFrom(ip, u.userId, u.password, { 'x-forwarded-for': freshIp() })).statusCode).toBe(429);
    // … while another address is not affected.
    expect((await loginFrom(freshIp(), u.userId, u.password)).statusCode).toBe(200);
  });

  it('allows 5 attempts a minute on one account from one address, then answers 429 in Korean', async () => {
    const u = await createUser(t);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom(ip, u.userId, 'wrong-password')).statusCode).toBe(401);
    }
    const res = await loginFrom(ip, u.userId, u.password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: LOGIN_LIMITED });
    expect(res.cookies).toHaveLength(0);
    // The userId's spelling does not open a new counter.
    expect((await loginFrom(ip, ` ${u.userId.toUpperCase()}`, u.password)).statusCode).toBe(429);
    // Other accounts from the same address are not affected, nor the account from elsewhere.
    const other = await createUser(t);
    expect((await loginFrom(ip, other.userId, other.password)).statusCode).toBe(200);
    expect((await loginFrom(freshIp(), u.userId, u.password)).statusCode).toBe(200);
  });
});

describe('sign-up', () => {
  it('allows 10 sign-up attempts an hour from one address, then answers 429 in Korean', async () => {
    const ip = freshIp();
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/public/join', remoteAddress: ip, payload: { userId: 'x' } });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(400);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: LIMITED });
    const other = await t.app.inject({ method: 'POST', url: '/api/public/join', remoteAddress: freshIp(), payload: {} });
    expect(other.statusCode).toBe(400);
  });

  it('allows 60 availability checks a minute from one address, then answers 429 in Korean', async () => {
    const ip = freshIp();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/check',
        remoteAddress: ip,
        payload: { field: 'userId', value: 'some_user' },
      });
    for (let i = 0; i < 60; i++) expect((await send()).statusCode).toBe(200);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: LIMITED });
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await testApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => p.close());

  it('counts each client address from X-Forwarded-For, not the proxy', async () => {
    const send = (client: string, i: number) =>
      p.app.inject({
        method: 'POST',
        url: '/api/login/do',
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
        payload: new URLSearchParams({ userId: `nobody_${client}_${i}`.replaceAll('.', '_'), password: 'wrong-password' }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await send('203.0.113.1', i)).statusCode).toBe(401);
    expect((await send('203.0.113.1', 99)).statusCode).toBe(429);
    // Another member behind the same proxy is not locked out.
    expect((await send('203.0.113.2', 0)).statusCode).toBe(401);
  });

  it('cannot be dodged by a client that sends its own X-Forwarded-For (the proxy adds the real address last)', async () => {
    const send = (forged: string, i: number) =>
      p.app.inject({
        method: 'POST',
        url: '/api/login/do',
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `${forged}, 203.0.113.50` },
        payload: new URLSearchParams({ userId: `forger_${i}`, password: 'wrong-password' }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await send(freshIp(), i)).statusCode).toBe(401);
    expect((await send(freshIp(), 99)).statusCode).toBe(429);
  });
});
