// Kakao and Naver sign-in against real providers run in the test (server/test/oauth-providers.ts):
// sign-up through the completion step, linking by password and from my-info, unlinking (not the
// last way in), and every refusal: a replayed, forged or foreign state, a wrong nonce, a changed
// PKCE verifier, a provider error, a denied consent, a wrong member, bad input.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLinks, sessions, totpSecrets, users } from '../../db/schema/index.js';
import { loadConfig } from '../../config.js';
import { createSealer } from '../../lib/secret.js';
import { authorizeAt, startProviders, type AccountForm, type TestProviders } from '../../test/oauth-providers.js';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';
import { NO_PASSWORD } from '../users/service.js';

const ORIGIN = 'http://chalkak.test';
const sealer = createSealer(Buffer.from('a'.repeat(64), 'hex'));

let t: TestApp;
let providers: TestProviders;
beforeAll(async () => {
  providers = await startProviders(ORIGIN);
  t = await testApp({ RATE_LIMIT: 'false', ...providers.env });
}, 60_000);
afterAll(async () => {
  await t.close();
  await providers.close();
});

type Provider = 'kakao' | 'naver';
const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => {
  const c = res.cookies.find((x) => x.name === name && x.value !== '');
  return c ? `${name}=${c.value}` : null;
};
const join = (...cookies: (string | null | undefined)[]) => cookies.filter(Boolean).join('; ');

async function start(provider: Provider, body: Record<string, unknown> = {}, session?: string) {
  const res = await post(t, '/api/auth/oauth/start', { provider, ...body }, session);
  expect(res.statusCode, res.body).toBe(200);
  return { url: res.json().url as string, flow: cookieOf(res, 'chalkak_oauth')! };
}
const redirectOf = (p: Provider) => providers.clients[p].redirectUri;
const callback = (back: URL, cookie: string) => t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });

/** Start, the provider's pages, the return: the callback's answer. */
async function through(p: Provider, form: AccountForm, opts: { session?: string; body?: Record<string, unknown> } = {}) {
  const { url, flow } = await start(p, opts.body, opts.session);
  const back = await authorizeAt(url, form, redirectOf(p));
  const res = await callback(back, join(flow, opts.session));
  return { res, back, flow };
}
const errorText = (location: string) => decodeURIComponent(location.replace(/^\/error\//, ''));

/** Signs up through the completion step; returns the new member's session cookie and number. */
async function signUp(p: Provider, form: AccountForm, nickName: string) {
  const { res } = await through(p, form);
  expect(res.headers.location).toBe('/user/oauth/complete');
  const pending = cookieOf(res, 'chalkak_oauth_pending')!;
  const done = await post(t, '/api/auth/oauth/complete', { nickName, agree: 'Y' }, pending);
  expect(done.statusCode, done.body).toBe(200);
  const [row] = await t.database.db.select().from(users).where(eq(users.userId, done.json().userId));
  return { cookie: cookieOf(done, 'chalkak_sid')!, no: row!.no, row: row! };
}

async function reauth(cookie: string) {
  const hash = createHash('sha256').update(cookie.split('=')[1]!).digest('base64url');
  await t.database.db.update(sessions).set({ reauthAt: new Date() }).where(eq(sessions.idHash, hash));
}

describe('configuration', () => {
  it('a provider needs its id, its secret and PUBLIC_ORIGIN; without keys it is off', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).oauth).toEqual({});
    expect(() => loadConfig({ KAKAO_CLIENT_ID: 'a', PUBLIC_ORIGIN: ORIGIN })).toThrow(/KAKAO_CLIENT_SECRET/);
    expect(() => loadConfig({ NAVER_CLIENT_ID: 'a', NAVER_CLIENT_SECRET: 'b' })).toThrow(/PUBLIC_ORIGIN/);
    const c = loadConfig({ KAKAO_CLIENT_ID: 'a', KAKAO_CLIENT_SECRET: 'b', PUBLIC_ORIGIN: 'https://club.example/' });
    expect(c.oauth.kakao).toMatchObject({ issuer: 'https://kauth.kakao.com', redirectUri: 'https://club.example/auth/callback/kakao' });
  });

  it('the site answer names the providers that are on', async () => {
    expect((await post(t, '/api/session/site')).json().oauth).toEqual(['kakao', 'naver']);
  });
});

describe('first sign-in: the completion step', () => {
  it('Kakao: a verified address is kept, the nickname follows the join rules, the member signs in and comes back through the link', async () => {
    const { res } = await through('kakao', { sub: 'k-new-1', nickname: '카카오친구', email: 'K-New@Example.com', verified: true });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/user/oauth/complete');
    expect(cookieOf(res, 'chalkak_sid')).toBeNull();
    const pending = cookieOf(res, 'chalkak_oauth_pending')!;
    expect((await post(t, '/api/auth/oauth/pending', {}, pending)).json()).toEqual({ provider: 'kakao', email: 'k-new@example.com', nickName: '카카오친구' });

    // Bad input changes nothing: a short nickname, no agreement, an unknown field, a look-alike.
    const taken = await createUser(t, { nickName: '사진가' });
    expect((await post(t, '/api/auth/oauth/complete', { nickName: '가', agree: 'Y' }, pending)).statusCode).toBe(400);
    const noAgree = await post(t, '/api/auth/oauth/complete', { nickName: '새카카오', agree: 'N' }, pending);
    expect(noAgree.statusCode).toBe(400);
    expect(noAgree.json().message).toBe('이용약관과 개인정보 처리방침에 동의해 주세요.');
    expect((await post(t, '/api/auth/oauth/complete', { nickName: '새카카오', agree: 'Y', admin: true }, pending)).statusCode).toBe(400);
    expect((await post(t, '/api/auth/oauth/complete', { nickName: taken.nickName, agree: 'Y' }, pending)).statusCode).toBe(409);
    expect((await post(t, '/api/auth/oauth/complete', { nickName: '관리자', agree: 'Y' }, pending)).json().message).toContain('사용할 수 없는');
    expect((await post(t, '/api/auth/oauth/complete', { nickName: '새카카오', agree: 'Y' })).statusCode).toBe(400);

    const done = await post(t, '/api/auth/oauth/complete', { nickName: '새카카오', agree: 'Y' }, pending);
    expect(done.statusCode).toBe(200);
    expect(done.json().userId).toMatch(/^kakao_[a-z0-9]{8}$/);
    const session = cookieOf(done, 'chalkak_sid')!;
    expect((await post(t, '/api/session/info', {}, session)).json()).toMatchObject({ logined: true, nickName: '새카카오' });
    const [row] = await t.database.db.select().from(users).where(eq(users.userId, done.json().userId));
    expect(row).toMatchObject({ email: 'k-new@example.com', passwordHash: NO_PASSWORD, question: null });
    expect(row!.emailVerifiedAt).not.toBeNull();

    // The same pending account cannot make a second member.
    expect((await post(t, '/api/auth/oauth/complete', { nickName: '또카카오', agree: 'Y' }, pending)).statusCode).toBe(409);
    // No password signs in to it.
    const pw = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: row!.userId, password: NO_PASSWORD } });
    expect(pw.statusCode).toBe(401);

    // The next time Kakao signs them straight in, as a password login would (last sign-in time).
    const again = await through('kakao', { sub: 'k-new-1' });
    expect(again.res.headers.location).toBe('/');
    const next = cookieOf(again.res, 'chalkak_sid')!;
    expect((await post(t, '/api/session/info', {}, next)).json()).toMatchObject({ logined: true, userId: row!.userId });
    const [after] = await t.database.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.no, row!.no));
    expect(after!.lastLoginAt).not.toBeNull();
  });

  it('an unverified address, or one a member holds, is not used and never merges accounts', async () => {
    const holder = await createUser(t, { email: 'holder@example.com' });
    const a = await through('kakao', { sub: 'k-unverified', email: 'fresh@example.com', verified: false });
    expect((await post(t, '/api/auth/oauth/pending', {}, cookieOf(a.res, 'chalkak_oauth_pending')!)).json().email).toBe('');
    const { row } = await signUp('kakao', { sub: 'k-holder', email: 'holder@example.com', verified: true }, '다른사람');
    expect(row.no).not.toBe(holder.no);
    expect(row.email).toBeNull();
    const links = await t.database.db.select().from(authLinks).where(eq(authLinks.userNo, holder.no));
    expect(links).toEqual([]);
  });

  it('Naver (OAuth 2.0 and the profile call): an existing member links by signing in with the password once', async () => {
    const m = await createUser(t);
    const { res } = await through('naver', { sub: 'n-link-1', nickname: '네이버', email: 'n@example.com' });
    expect(res.headers.location).toBe('/user/oauth/complete');
    const pending = cookieOf(res, 'chalkak_oauth_pending')!;
    // Naver does not say the address is verified: it is not offered.
    expect((await post(t, '/api/auth/oauth/pending', {}, pending)).json()).toEqual({ provider: 'naver', email: '', nickName: '네이버' });
    const wrong = await post(t, '/api/auth/oauth/link-login', { userId: m.userId, password: 'wrong-password' }, pending);
    expect(wrong.statusCode).toBe(401);
    expect(await t.database.db.select().from(authLinks).where(eq(authLinks.userNo, m.no))).toEqual([]);
    expect((await post(t, '/api/auth/oauth/link-login', { userId: m.userId }, pending)).statusCode).toBe(400);
    const ok = await post(t, '/api/auth/oauth/link-login', { userId: m.userId, password: m.password }, pending);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('네이버 계정을 연결했습니다. 이제 네이버로 로그인할 수 있습니다.');
    const again = await through('naver', { sub: 'n-link-1' });
    expect(again.res.headers.location).toBe('/');
    expect((await post(t, '/api/session/info', {}, cookieOf(again.res, 'chalkak_sid')!)).json().userId).toBe(m.userId);
  });

  it('a suspended member is refused with the reason', async () => {
    const { no } = await signUp('naver', { sub: 'n-suspended' }, '정지될회원');
    await t.database.db.update(users).set({ status: 'suspended', suspendReason: '광고 글 반복' }).where(eq(users.no, no));
    const { res } = await through('naver', { sub: 'n-suspended' });
    expect(errorText(res.headers.location as string)).toContain('광고 글 반복');
    expect(cookieOf(res, 'chalkak_sid')).toBeNull();
  });
});

describe('two-step sign-in', () => {
  it('a member with the one-time code on is sent to the second step; the session waits for it', async () => {
    const m = await createUser(t);
    const cookie = await login(t, m.userId, m.password);
    await post(t, '/api/user/myInfo', { password: m.password }, cookie);
    await through('kakao', { sub: 'k-two-step' }, { session: cookie, body: { purpose: 'link' } });
    await t.database.db.insert(totpSecrets).values({ userNo: m.no, secretEnc: sealer.seal('JBSWY3DPEHPK3PXP'), enabledAt: new Date() });
    const { res } = await through('kakao', { sub: 'k-two-step' });
    expect(res.headers.location).toBe('/user/two-step');
    const info = (await post(t, '/api/session/info', {}, cookieOf(res, 'chalkak_sid')!)).json();
    expect(info).toMatchObject({ logined: false, secondStep: 'pending' });
  });
});

describe('refusals at the return', () => {
  it('a replayed return signs nobody in: without the flow cookie, and with it (the state counts once)', async () => {
    const first = await through('kakao', { sub: 'k-replay' });
    expect(first.res.headers.location).toBe('/user/oauth/complete');
    const bare = await callback(first.back, '');
    expect(errorText(bare.headers.location as string)).toContain('만료');
    const replay = await callback(first.back, first.flow);
    expect(replay.statusCode).toBe(303);
    expect(errorText(replay.headers.location as string)).toBe('이미 처리된 간편 로그인 요청입니다. 처음부터 다시 시도해 주세요.');
    expect(cookieOf(replay, 'chalkak_sid')).toBeNull();
    expect(cookieOf(replay, 'chalkak_oauth_pending')).toBeNull();
  });

  it('a forged state, or the state of another browser, is refused before any token is asked for', async () => {
    const { url, flow } = await start('naver');
    const back = await authorizeAt(url, { sub: 'n-forged' }, redirectOf('naver'));
    back.searchParams.set('state', 'forged-state');
    const forged = await callback(back, flow);
    expect(errorText(forged.headers.location as string)).toContain('(state)');
    const other = await start('naver');
    back.searchParams.set('state', new URL(url).searchParams.get('state')!);
    const foreign = await callback(back, other.flow);
    expect(errorText(foreign.headers.location as string)).toContain('(state)');
    expect(cookieOf(foreign, 'chalkak_sid')).toBeNull();
  });

  it('an ID token with another nonce is refused (Kakao)', async () => {
    const { url, flow } = await start('kakao');
    const back = await authorizeAt(url, { sub: 'k-nonce' }, redirectOf('kakao'));
    const value = JSON.parse(sealer.open(flow.split('=')[1]!)) as { nonce: string };
    const changed = `chalkak_oauth=${sealer.seal(JSON.stringify({ ...value, nonce: 'another-nonce' }))}`;
    const res = await callback(back, changed);
    expect(errorText(res.headers.location as string)).toContain('(nonce)');
    expect(cookieOf(res, 'chalkak_sid')).toBeNull();
  });

  it('a changed PKCE verifier gets no token (Naver)', async () => {
    const { url, flow } = await start('naver');
    const back = await authorizeAt(url, { sub: 'n-pkce' }, redirectOf('naver'));
    const value = JSON.parse(sealer.open(flow.split('=')[1]!)) as { verifier: string };
    const changed = `chalkak_oauth=${sealer.seal(JSON.stringify({ ...value, verifier: 'x'.repeat(43) }))}`;
    const res = await callback(back, changed);
    expect(errorText(res.headers.location as string)).toBe('네이버에서 로그인을 확인하지 못했습니다. 처음부터 다시 시도해 주세요.');
    expect(cookieOf(res, 'chalkak_oauth_pending')).toBeNull();
  });

  it('denied consent and a provider error say why in Korean', async () => {
    for (const p of ['kakao', 'naver'] as const) {
      const { res } = await through(p, { sub: `${p}-deny`, decision: 'deny' });
      expect(errorText(res.headers.location as string)).toBe(
        `${p === 'kakao' ? '카카오' : '네이버'} 로그인을 취소했거나 정보 제공에 동의하지 않아 로그인하지 않았습니다.`,
      );
    }
    const { url, flow } = await start('kakao');
    const state = new URL(url).searchParams.get('state')!;
    const err = await callback(new URL(`${redirectOf('kakao')}?error=server_error&state=${state}`), flow);
    expect(errorText(err.headers.location as string)).toBe('카카오에서 로그인을 마치지 못했습니다. 잠시 후 다시 시도해 주세요.');
  });

  it('bad input: an unknown provider, extra fields, no pending account', async () => {
    expect((await post(t, '/api/auth/oauth/start', { provider: 'google' })).statusCode).toBe(400);
    expect((await post(t, '/api/auth/oauth/start', { provider: 'kakao', redirect: 'https://evil.example' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/auth/callback/google?code=a&state=b' })).statusCode).toBe(404);
    expect((await post(t, '/api/auth/oauth/pending')).statusCode).toBe(400);
    expect((await post(t, '/api/auth/oauth/link-login', { userId: 'someone', password: 'x' })).statusCode).toBe(400);
  });
});

describe('my-info: links', () => {
  it('links Naver after the password prompt, lists it, and another member cannot take it', async () => {
    const m = await createUser(t);
    const cookie = await login(t, m.userId, m.password);
    expect((await post(t, '/api/auth/oauth/start', { provider: 'naver', purpose: 'link' }, cookie)).statusCode).toBe(403);
    expect((await post(t, '/api/auth/oauth/start', { provider: 'naver', purpose: 'link' })).statusCode).toBe(401);
    expect((await post(t, '/api/user/myInfo', { password: m.password }, cookie)).statusCode).toBe(200);
    const { res } = await through('naver', { sub: 'n-mine' }, { session: cookie, body: { purpose: 'link' } });
    expect(decodeURIComponent(res.headers.location as string)).toBe('/info/네이버 계정을 연결했습니다. 이제 네이버로 로그인할 수 있습니다.');
    const links = (await post(t, '/api/auth/links', {}, cookie)).json();
    expect(links).toMatchObject({ links: [{ provider: 'naver', canUnlink: true }], available: ['kakao'], hasPassword: true });

    const other = await createUser(t);
    const otherCookie = await login(t, other.userId, other.password);
    await post(t, '/api/user/myInfo', { password: other.password }, otherCookie);
    const taken = await through('naver', { sub: 'n-mine' }, { session: otherCookie, body: { purpose: 'link' } });
    expect(errorText(taken.res.headers.location as string)).toBe('이 네이버 계정은 이미 다른 회원에게 연결되어 있습니다.');
    // A second Naver account for the same member is refused too.
    const second = await through('naver', { sub: 'n-mine-2' }, { session: cookie, body: { purpose: 'link' } });
    expect(errorText(second.res.headers.location as string)).toContain('이미 네이버 계정이 연결되어 있습니다');
  });

  it('the wrong member: a link started by one member does not land on another session', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const ca = await login(t, a.userId, a.password);
    const cb = await login(t, b.userId, b.password);
    await post(t, '/api/user/myInfo', { password: a.password }, ca);
    const { url, flow } = await start('kakao', { purpose: 'link' }, ca);
    const back = await authorizeAt(url, { sub: 'k-wrong-member' }, redirectOf('kakao'));
    const res = await callback(back, join(flow, cb));
    expect(errorText(res.headers.location as string)).toContain('연결을 요청한 로그인이 끝났습니다');
    expect(await t.database.db.select().from(authLinks).where(eq(authLinks.subject, 'k-wrong-member'))).toEqual([]);
    expect((await post(t, '/api/auth/links')).statusCode).toBe(401);
    expect((await post(t, '/api/auth/unlink', { provider: 'kakao' })).statusCode).toBe(401);
  });

  it('unlinks while another way in remains, never the last one', async () => {
    const { cookie, no } = await signUp('kakao', { sub: 'k-only' }, '카카오만');
    await reauth(cookie);
    const only = await post(t, '/api/auth/unlink', { provider: 'kakao' }, cookie);
    expect(only.statusCode).toBe(400);
    expect(only.json().message).toContain('다른 로그인 방법');
    expect((await post(t, '/api/auth/links', {}, cookie)).json().links[0].canUnlink).toBe(false);
    // With Naver linked too, Kakao may go; then Naver is the last.
    const { res } = await through('naver', { sub: 'n-second' }, { session: cookie, body: { purpose: 'link' } });
    expect(res.headers.location).toMatch(/^\/info\//);
    expect((await post(t, '/api/auth/unlink', { provider: 'kakao' }, cookie)).json().message).toBe('카카오 계정 연결을 해제했습니다.');
    expect((await post(t, '/api/auth/unlink', { provider: 'naver' }, cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/auth/unlink', { provider: 'kakao' }, cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/auth/unlink', { provider: 'line' }, cookie)).statusCode).toBe(400);
    const rows = await t.database.db.select({ provider: authLinks.provider }).from(authLinks).where(eq(authLinks.userNo, no));
    expect(rows).toEqual([{ provider: 'naver' }]);
  });

  it('unlinking needs the password prompt first; withdrawal removes the links', async () => {
    const m = await createUser(t);
    const cookie = await login(t, m.userId, m.password);
    await post(t, '/api/user/myInfo', { password: m.password }, cookie);
    await through('kakao', { sub: 'k-leaver' }, { session: cookie, body: { purpose: 'link' } });
    const fresh = await login(t, m.userId, m.password);
    expect((await post(t, '/api/auth/unlink', { provider: 'kakao' }, fresh)).statusCode).toBe(403);
    expect((await post(t, '/api/user/out', { password: m.password }, fresh)).statusCode).toBe(200);
    expect(await t.database.db.select().from(authLinks).where(and(eq(authLinks.userNo, m.no)))).toEqual([]);
    // The Kakao account is free again: its next sign-in is a first one.
    expect((await through('kakao', { sub: 'k-leaver' })).res.headers.location).toBe('/user/oauth/complete');
  });
});
