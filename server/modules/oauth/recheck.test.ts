// My-info's re-check without a password (docs/product/sign-in.md#re-check-without-a-password): a
// fresh round trip through the member's linked Kakao or Naver account (real providers run in the
// test, server/test/oauth-providers.ts), or one of their passkeys with the person verified (the
// software authenticator, server/test/webauthn-authenticator.ts). Both mark this session like the
// password prompt, for its 15 minutes; the wrong member's account or key, a replayed state or
// answer, an expired mark and bad input change nothing. The mark also lets a member without a
// password withdraw (/api/user/out without one); a member with a password still gives it.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_PROMPT, WITHDRAWAL_MSG } from '../../../common/api/account.js';
import { BACK_MSG } from '../../../common/api/oauth.js';
import { PasskeyCreationOptions, PasskeyRequestOptions } from '../../../common/api/passkeys.js';
import { sessions, users } from '../../db/schema/index.js';
import { authorizeAt, startProviders, type AccountForm, type TestProviders } from '../../test/oauth-providers.js';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';
import { SoftAuthenticator } from '../../test/webauthn-authenticator.js';
import { CHALLENGE_MSG } from '../passkeys/challenge.js';
import { PASSKEY_SERVER_MSG } from '../passkeys/service.js';
import { REAUTH_NEEDED, WRONG_PASSWORD } from '../users/account-service.js';
import { OAUTH_MSG } from './service.js';

const ORIGIN = 'http://chalkak.test';

let t: TestApp;
let providers: TestProviders;
beforeAll(async () => {
  providers = await startProviders(ORIGIN);
  t = await testApp({ RATE_LIMIT: 'false', ...providers.env });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await providers?.close();
});

type Provider = 'kakao' | 'naver';
type Res = { cookies: { name: string; value: string }[] };
const cookieOf = (res: Res, name: string) => {
  const c = res.cookies.find((x) => x.name === name && x.value !== '');
  return c ? `${name}=${c.value}` : null;
};
const cookiesOf = (res: Res) => res.cookies.filter((c) => c.value !== '').map((c) => `${c.name}=${c.value}`).join('; ');
const join = (...cookies: (string | null | undefined)[]) => cookies.filter(Boolean).join('; ');
const redirectOf = (p: Provider) => providers.clients[p].redirectUri;
const callback = (back: URL, cookie: string) => t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
const errorText = (location: string) => decodeURIComponent(location.replace(/^\/error\//, ''));
const hashOf = (cookie: string) => createHash('sha256').update(cookie.split('=')[1]!).digest('base64url');
const reauthAt = async (cookie: string) =>
  (await t.database.db.select({ at: sessions.reauthAt }).from(sessions).where(eq(sessions.idHash, hashOf(cookie))))[0]?.at ?? null;
const setReauthAt = (cookie: string, at: Date | null) => t.database.db.update(sessions).set({ reauthAt: at }).where(eq(sessions.idHash, hashOf(cookie)));

/** A member who joined with the provider alone (no password); their session cookie. */
async function providerOnly(p: Provider, sub: string, nickName: string) {
  const start = await post(t, '/api/auth/oauth/start', { provider: p });
  const back = await authorizeAt(start.json().url, { sub }, redirectOf(p));
  const res = await callback(back, cookieOf(start, 'chalkak_oauth')!);
  expect(res.headers.location).toBe('/user/oauth/complete');
  const done = await post(t, '/api/auth/oauth/complete', { nickName, agree: 'Y' }, cookieOf(res, 'chalkak_oauth_pending')!);
  expect(done.statusCode, done.body).toBe(200);
  const [row] = await t.database.db.select().from(users).where(eq(users.userId, done.json().userId));
  return { cookie: cookieOf(done, 'chalkak_sid')!, no: row!.no, userId: row!.userId };
}

/** Starts a re-check as `session` and goes through the provider's pages as `form`: the return. */
async function recheck(p: Provider, session: string, form: AccountForm, body: Record<string, unknown> = {}) {
  const start = await post(t, '/api/auth/oauth/start', { provider: p, purpose: 'recheck', ...body }, session);
  expect(start.statusCode, start.body).toBe(200);
  const flow = cookieOf(start, 'chalkak_oauth')!;
  const url = new URL(start.json().url as string);
  const back = await authorizeAt(url.href, form, redirectOf(p));
  return { back, flow, url, res: await callback(back, join(flow, session)) };
}

const PROFILE_CHANGE = { nickName: '바뀐카카오', email: 'changed@example.com', question: '첫 카메라는?', answer: 'FM2', password: '', rePassword: '' };

describe('re-check through a linked provider', () => {
  it('a Kakao-only member passes it with Kakao, comes back to the page, and changes the profile', async () => {
    const m = await providerOnly('kakao', 'rk-happy', '다시확인');
    // Without a password there is no prompt to pass: every sensitive call refuses.
    expect((await post(t, '/api/user/recheck/ways', {}, m.cookie)).json()).toEqual({ password: false, providers: ['kakao'], passkey: false });
    expect((await post(t, '/api/user/myInfo', { password: '!none' }, m.cookie)).statusCode).toBe(401);
    const before = await post(t, '/api/user/profile', {}, m.cookie);
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe(REAUTH_NEEDED);
    expect((await post(t, '/api/user/update', PROFILE_CHANGE, m.cookie)).statusCode).toBe(403);

    const { res, url } = await recheck('kakao', m.cookie, { sub: 'rk-happy' }, { back: '/board/free?page=2#top' });
    // A fresh sign-in at Kakao, not its remembered one (and its auth_time is checked).
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/board/free?page=2&recheck=done#top');
    // The session is the same one (no new sign-in), now marked.
    expect(cookieOf(res, 'chalkak_sid')).toBeNull();
    expect(await reauthAt(m.cookie)).not.toBeNull();

    const profile = await post(t, '/api/user/profile', {}, m.cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ userId: m.userId, nickName: '다시확인' });
    const saved = await post(t, '/api/user/update', PROFILE_CHANGE, m.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.database.db.select({ nick: users.nickName }).from(users).where(eq(users.no, m.no)))[0]!.nick).toBe('바뀐카카오');
  });

  it('without `back` it comes back to the home page; the ways list a password, only linked providers and passkeys', async () => {
    const m = await providerOnly('naver', 'rn-home', '네이버확인');
    const { res, url } = await recheck('naver', m.cookie, { sub: 'rn-home' });
    expect(url.searchParams.get('auth_type')).toBe('reauthenticate');
    expect(res.headers.location).toBe('/?recheck=done');
    // A sign-in's start asks for neither.
    const signInUrl = new URL((await post(t, '/api/auth/oauth/start', { provider: 'kakao' })).json().url as string);
    expect(signInUrl.searchParams.has('prompt')).toBe(false);
    const pw = await createUser(t);
    const cookie = await login(t, pw.userId, pw.password);
    expect((await post(t, '/api/user/recheck/ways', {}, cookie)).json()).toEqual({ password: true, providers: [], passkey: false });
    expect((await post(t, '/api/user/recheck/ways', {})).statusCode).toBe(401);
    expect((await post(t, '/api/user/recheck/ways', [1], cookie)).statusCode).toBe(400);
  });

  it('bad input and callers: a visitor, a provider not linked, a path off the site, an unknown purpose', async () => {
    const m = await providerOnly('kakao', 'rk-bad', '잘못된입력');
    expect((await post(t, '/api/auth/oauth/start', { provider: 'kakao', purpose: 'recheck' })).statusCode).toBe(401);
    const naverOff = await post(t, '/api/auth/oauth/start', { provider: 'naver', purpose: 'recheck' }, m.cookie);
    expect(naverOff.statusCode).toBe(400);
    expect(naverOff.json().message).toBe(OAUTH_MSG.notLinked('naver'));
    for (const back of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'board', '/a b', 'x'.repeat(301)]) {
      const res = await post(t, '/api/auth/oauth/start', { provider: 'kakao', purpose: 'recheck', back }, m.cookie);
      expect(res.statusCode, back).toBe(400);
      expect(res.json().message).toBe(BACK_MSG);
    }
    expect((await post(t, '/api/auth/oauth/start', { provider: 'kakao', purpose: 'reauth' }, m.cookie)).statusCode).toBe(400);
    expect(await reauthAt(m.cookie)).toBeNull();
  });

  it("the wrong member's provider account, or one linked to nobody, marks nothing", async () => {
    const a = await providerOnly('kakao', 'rk-owner', '주인회원');
    await providerOnly('kakao', 'rk-other', '남의회원');
    const other = await recheck('kakao', a.cookie, { sub: 'rk-other' });
    expect(errorText(other.res.headers.location as string)).toBe(OAUTH_MSG.notYours('kakao'));
    const nobody = await recheck('kakao', a.cookie, { sub: 'rk-nobody' });
    expect(errorText(nobody.res.headers.location as string)).toBe(OAUTH_MSG.notYours('kakao'));
    expect(await reauthAt(a.cookie)).toBeNull();
    expect((await post(t, '/api/user/profile', {}, a.cookie)).statusCode).toBe(403);
  });

  it("a return brought to another member's session marks neither", async () => {
    const a = await providerOnly('kakao', 'rk-session-a', '세션주인');
    const b = await providerOnly('kakao', 'rk-session-b', '다른세션');
    const start = await post(t, '/api/auth/oauth/start', { provider: 'kakao', purpose: 'recheck' }, a.cookie);
    const back = await authorizeAt(start.json().url, { sub: 'rk-session-a' }, redirectOf('kakao'));
    const res = await callback(back, join(cookieOf(start, 'chalkak_oauth'), b.cookie));
    expect(errorText(res.headers.location as string)).toContain('확인을 요청한 로그인이 끝났습니다');
    expect(await reauthAt(a.cookie)).toBeNull();
    expect(await reauthAt(b.cookie)).toBeNull();
  });

  it('a replayed return (the same state and cookie) is refused and marks nothing again', async () => {
    const m = await providerOnly('kakao', 'rk-replay', '되풀이');
    const first = await recheck('kakao', m.cookie, { sub: 'rk-replay' });
    expect(first.res.headers.location).toBe('/?recheck=done');
    await setReauthAt(m.cookie, null);
    const again = await callback(first.back, join(first.flow, m.cookie));
    expect(errorText(again.headers.location as string)).toBe('이미 처리된 간편 로그인 요청입니다. 처음부터 다시 시도해 주세요.');
    expect(await reauthAt(m.cookie)).toBeNull();
    // A forged state with the cookie of a fresh start.
    const start = await post(t, '/api/auth/oauth/start', { provider: 'kakao', purpose: 'recheck' }, m.cookie);
    const back = await authorizeAt(start.json().url, { sub: 'rk-replay' }, redirectOf('kakao'));
    back.searchParams.set('state', 'forged-state');
    const forged = await callback(back, join(cookieOf(start, 'chalkak_oauth'), m.cookie));
    expect(errorText(forged.headers.location as string)).toContain('(state)');
    expect(await reauthAt(m.cookie)).toBeNull();
  });

  it('the mark expires after 15 minutes and belongs to the session that made it', async () => {
    const m = await providerOnly('kakao', 'rk-expire', '만료회원');
    await recheck('kakao', m.cookie, { sub: 'rk-expire' });
    expect((await post(t, '/api/user/profile', {}, m.cookie)).statusCode).toBe(200);
    // The member's other session (another browser) has no mark of its own.
    const start = await post(t, '/api/auth/oauth/start', { provider: 'kakao' });
    const back = await authorizeAt(start.json().url, { sub: 'rk-expire' }, redirectOf('kakao'));
    const elsewhere = cookieOf(await callback(back, cookieOf(start, 'chalkak_oauth')!), 'chalkak_sid')!;
    expect((await post(t, '/api/user/profile', {}, elsewhere)).statusCode).toBe(403);

    await setReauthAt(m.cookie, new Date(Date.now() - 16 * 60_000));
    const late = await post(t, '/api/user/profile', {}, m.cookie);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(REAUTH_NEEDED);
    expect((await post(t, '/api/user/update', PROFILE_CHANGE, m.cookie)).statusCode).toBe(403);
  });
});

describe('re-check with a passkey', () => {
  /** A Kakao-only member with a passkey of `auth` (registered after a Kakao re-check), the mark cleared again. */
  async function withPasskey(sub: string, nickName: string, auth: SoftAuthenticator) {
    const m = await providerOnly('kakao', sub, nickName);
    await recheck('kakao', m.cookie, { sub });
    const opts = await post(t, '/api/auth/passkey/register/options', {}, m.cookie);
    expect(opts.statusCode, opts.body).toBe(200);
    const credential = auth.register(PasskeyCreationOptions.parse(opts.json()));
    const reg = await post(t, '/api/auth/passkey/register/verify', { name: '', credential }, join(m.cookie, cookiesOf(opts)));
    expect(reg.statusCode, reg.body).toBe(200);
    await setReauthAt(m.cookie, null);
    return m;
  }
  async function options(cookie: string) {
    const res = await post(t, '/api/auth/passkey/recheck/options', {}, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return { options: PasskeyRequestOptions.parse(res.json()), challenge: cookiesOf(res) };
  }

  it("the member's own passkey with the person verified marks the session; the answer counts once", async () => {
    const auth = new SoftAuthenticator(ORIGIN);
    const m = await withPasskey('rp-happy', '패스키확인', auth);
    expect((await post(t, '/api/user/recheck/ways', {}, m.cookie)).json()).toEqual({ password: false, providers: ['kakao'], passkey: true });
    const { options: o, challenge } = await options(m.cookie);
    expect(o.userVerification).toBe('required');
    expect(o.allowCredentials?.map((c) => c.id)).toEqual([auth.credentials[0] && Buffer.from(auth.credentials[0].id).toString('base64url')]);
    const credential = auth.authenticate(o);
    const ok = await post(t, '/api/auth/passkey/recheck/verify', { credential }, join(m.cookie, challenge));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await post(t, '/api/user/profile', {}, m.cookie)).json()).toMatchObject({ userId: m.userId });
    expect((await post(t, '/api/user/update', { ...PROFILE_CHANGE, nickName: '패스키로바꿈', email: 'pk-change@example.com' }, m.cookie)).statusCode).toBe(200);

    // The same answer again, cookie and all: its challenge is spent.
    await setReauthAt(m.cookie, null);
    const replay = await post(t, '/api/auth/passkey/recheck/verify', { credential }, join(m.cookie, challenge));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(CHALLENGE_MSG.used);
    expect(await reauthAt(m.cookie)).toBeNull();
  });

  it('a member without a password leaves after a passkey re-check (withdrawal takes its mark)', async () => {
    const auth = new SoftAuthenticator(ORIGIN);
    const m = await withPasskey('rp-leave', '키로떠남', auth);
    expect((await post(t, '/api/user/out', {}, m.cookie)).statusCode).toBe(403);
    const { options: o, challenge } = await options(m.cookie);
    expect((await post(t, '/api/auth/passkey/recheck/verify', { credential: auth.authenticate(o) }, join(m.cookie, challenge))).statusCode).toBe(200);
    const res = await post(t, '/api/user/out', {}, m.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.database.db.select({ status: users.status }).from(users).where(eq(users.no, m.no)))[0]!.status).toBe('withdrawn');
  });

  it("another member's passkey, or one that did not verify the person, is refused", async () => {
    const mine = new SoftAuthenticator(ORIGIN);
    const theirs = new SoftAuthenticator(ORIGIN);
    const a = await withPasskey('rp-owner', '키주인', mine);
    await withPasskey('rp-other', '남의키', theirs);
    const first = await options(a.cookie);
    const foreign = await post(t, '/api/auth/passkey/recheck/verify', { credential: theirs.authenticate(first.options, { credential: theirs.credentials[0] }) }, join(a.cookie, first.challenge));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(PASSKEY_SERVER_MSG.notYours);

    mine.userVerifies = false;
    const second = await options(a.cookie);
    const presence = await post(t, '/api/auth/passkey/recheck/verify', { credential: mine.authenticate(second.options) }, join(a.cookie, second.challenge));
    expect(presence.statusCode).toBe(403);
    expect(presence.json().message).toBe(PASSKEY_SERVER_MSG.notPerson);
    expect(await reauthAt(a.cookie)).toBeNull();
  });

  it('bad input and callers: a visitor, a member without passkeys, no challenge, a malformed answer, a challenge from another member', async () => {
    const auth = new SoftAuthenticator(ORIGIN);
    const m = await withPasskey('rp-bad', '잘못된키', auth);
    expect((await post(t, '/api/auth/passkey/recheck/options', {})).statusCode).toBe(401);
    const plain = await createUser(t);
    const plainCookie = await login(t, plain.userId, plain.password);
    const none = await post(t, '/api/auth/passkey/recheck/options', {}, plainCookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PASSKEY_SERVER_MSG.none);

    const { options: o, challenge } = await options(m.cookie);
    const credential = auth.authenticate(o);
    expect((await post(t, '/api/auth/passkey/recheck/verify', { credential })).statusCode).toBe(401);
    const noChallenge = await post(t, '/api/auth/passkey/recheck/verify', { credential }, m.cookie);
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().message).toBe(CHALLENGE_MSG.missing);
    expect((await post(t, '/api/auth/passkey/recheck/verify', { credential: { id: 'x' } }, join(m.cookie, challenge))).statusCode).toBe(400);
    expect((await post(t, '/api/auth/passkey/recheck/verify', { credential, remember: true }, join(m.cookie, challenge))).statusCode).toBe(400);
    // The challenge was given to this member: another member's session cannot spend it.
    const other = await post(t, '/api/auth/passkey/recheck/verify', { credential }, join(plainCookie, challenge));
    expect(other.statusCode).toBe(400);
    expect(await reauthAt(m.cookie)).toBeNull();
    expect(await reauthAt(plainCookie)).toBeNull();
  });
});

describe('withdrawal without a password (/api/user/out after a re-check)', () => {
  const statusOf = async (no: number) => (await t.database.db.select({ status: users.status }).from(users).where(eq(users.no, no)))[0]!.status;

  it('a Kakao-only member leaves after a fresh re-check, sending no password', async () => {
    const m = await providerOnly('kakao', 'rw-happy', '떠나는회원');
    await recheck('kakao', m.cookie, { sub: 'rw-happy' });
    const res = await post(t, '/api/user/out', {}, m.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(m.no)).toBe('withdrawn');
    // The session ended with the account.
    expect((await post(t, '/api/user/recheck/ways', {}, m.cookie)).statusCode).toBe(401);
  });

  it('refused without a re-check, and with one older than 15 minutes', async () => {
    const m = await providerOnly('kakao', 'rw-late', '늦은회원');
    const never = await post(t, '/api/user/out', {}, m.cookie);
    expect(never.statusCode).toBe(403);
    expect(never.json().message).toBe(WITHDRAWAL_MSG.recheckNeeded);
    await recheck('kakao', m.cookie, { sub: 'rw-late' });
    await setReauthAt(m.cookie, new Date(Date.now() - 16 * 60_000));
    const late = await post(t, '/api/user/out', {}, m.cookie);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(WITHDRAWAL_MSG.recheckNeeded);
    expect(await statusOf(m.no)).toBe('active');
  });

  it('a member with a password still gives it, even with a fresh mark', async () => {
    const pw = await createUser(t);
    const cookie = await login(t, pw.userId, pw.password);
    // My-info's prompt marks the session; withdrawal asks for the password all the same.
    expect((await post(t, '/api/user/myInfo', { password: pw.password }, cookie)).statusCode).toBe(200);
    const none = await post(t, '/api/user/out', {}, cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PASSWORD_PROMPT);
    const wrong = await post(t, '/api/user/out', { password: 'not-the-one-1' }, cookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(WRONG_PASSWORD);
    const [row] = await t.database.db.select({ no: users.no }).from(users).where(eq(users.userId, pw.userId));
    expect(await statusOf(row!.no)).toBe('active');
    expect((await post(t, '/api/user/out', { password: pw.password }, cookie)).statusCode).toBe(200);
    expect(await statusOf(row!.no)).toBe('withdrawn');
  });

  it("another member's re-check does not let this one leave; a visitor is refused", async () => {
    const a = await providerOnly('kakao', 'rw-owner', '확인한회원');
    const b = await providerOnly('kakao', 'rw-other', '확인안한회원');
    await recheck('kakao', a.cookie, { sub: 'rw-owner' });
    // b's own session has no mark: a's re-check is a's alone.
    expect((await post(t, '/api/user/out', {}, b.cookie)).statusCode).toBe(403);
    // Kakao's sign-in as a in b's re-check marks nothing either.
    await recheck('kakao', b.cookie, { sub: 'rw-owner' });
    expect((await post(t, '/api/user/out', {}, b.cookie)).statusCode).toBe(403);
    expect((await post(t, '/api/user/out', {})).statusCode).toBe(401);
    expect(await statusOf(a.no)).toBe('active');
    expect(await statusOf(b.no)).toBe('active');
  });

  it('bad input: an empty or long password, a password from a member who has none, unknown fields, not an object', async () => {
    const m = await providerOnly('naver', 'rw-bad', '잘못보냄');
    await recheck('naver', m.cookie, { sub: 'rw-bad' });
    const empty = await post(t, '/api/user/out', { password: '' }, m.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PASSWORD_PROMPT);
    expect((await post(t, '/api/user/out', { password: 'x'.repeat(101) }, m.cookie)).statusCode).toBe(400);
    const given = await post(t, '/api/user/out', { password: 'guessed-one-1' }, m.cookie);
    expect(given.statusCode).toBe(400);
    expect(given.json().message).toBe(WITHDRAWAL_MSG.noPassword);
    expect((await post(t, '/api/user/out', { recheck: true }, m.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/user/out', [1], m.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/user/out', { password: 5 }, m.cookie)).statusCode).toBe(400);
    expect(await statusOf(m.no)).toBe('active');
  });
});
