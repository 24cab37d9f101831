// Passkeys against a software authenticator (server/test/webauthn-authenticator.ts): registration
// after my-info's password prompt, sign-in with and without the id, the session and its second
// step, a replayed answer, a counter that goes back, a removed key, another member's key,
// suspended and withdrawn members, bad input and the sign-in limits.
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasskeyCreationOptions, PasskeyItem, PasskeyList, PasskeyRequestOptions } from '../../../common/api/passkeys.js';
import { passkeys, sessions, totpSecrets, users } from '../../db/schema/index.js';
import { member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { SoftAuthenticator } from '../../test/webauthn-authenticator.js';
import { CHALLENGE_MSG } from './challenge.js';
import { MAX_PASSKEYS, PASSKEY_SERVER_MSG, relyingParty } from './service.js';

const ORIGIN = 'https://chalkak.test';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false', PUBLIC_ORIGIN: ORIGIN });
});
afterAll(async () => {
  await t?.close();
});

type M = Awaited<ReturnType<typeof member>>;
/** The cookies a call set, as a Cookie header value to send with the next. */
const cookiesOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.filter((c) => c.value !== '').map((c) => `${c.name}=${c.value}`).join('; ');
const withCookies = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('; ');

async function reauth(m: M) {
  const res = await post(t, '/api/user/myInfo', { password: m.password }, m.cookie);
  expect(res.statusCode).toBe(200);
}

async function registerOptions(m: M) {
  const res = await post(t, '/api/auth/passkey/register/options', {}, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { options: PasskeyCreationOptions.parse(res.json()), cookie: cookiesOf(res) };
}

/** Registers a passkey of `auth` for the member (already past the password prompt). */
async function register(m: M, auth: SoftAuthenticator, name = '') {
  const { options, cookie } = await registerOptions(m);
  const res = await post(t, '/api/auth/passkey/register/verify', { name, credential: auth.register(options) }, withCookies(m.cookie, cookie), { 'user-agent': ANDROID });
  expect(res.statusCode, res.body).toBe(200);
  return PasskeyItem.parse(res.json());
}

async function loginOptions(userId?: string) {
  const res = await post(t, '/api/auth/passkey/login/options', userId === undefined ? {} : { userId });
  expect(res.statusCode, res.body).toBe(200);
  return { options: PasskeyRequestOptions.parse(res.json()), cookie: cookiesOf(res) };
}

const loginVerify = (credential: unknown, cookie: string, remember = false) =>
  post(t, '/api/auth/passkey/login/verify', { remember, credential }, cookie, { 'user-agent': ANDROID });

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'chalkak_sid');
  return c ? `chalkak_sid=${c.value}` : '';
};
const sessionInfo = async (cookie: string) => (await post(t, '/api/session/info', {}, cookie)).json() as { logined: boolean; userId: string };
const list = async (m: M) => PasskeyList.parse((await post(t, '/api/auth/passkeys', {}, m.cookie)).json());

describe('registering a passkey', () => {
  it('needs a member, and my-info\'s password prompt first', async () => {
    expect((await post(t, '/api/auth/passkey/register/options', {})).statusCode).toBe(401);
    const m = await member(t);
    const res = await post(t, '/api/auth/passkey/register/options', {}, m.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('보안을 위해 내 정보를 다시 열어 암호를 입력해 주세요.');
  });

  it('registers a discoverable key for the site, lists it with where and when, and offers it no second time', async () => {
    const m = await member(t);
    await reauth(m);
    const auth = new SoftAuthenticator(ORIGIN);
    const { options } = await registerOptions(m);
    expect(options.rp.id).toBe('chalkak.test');
    expect(options.user.name).toBe(m.userId);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' });

    const item = await register(m, auth, '  내 휴대폰 ');
    expect(item).toMatchObject({ name: '내 휴대폰', createdDevice: 'Android · Chrome', lastUsedDevice: null, lastUsedAt: null, transports: ['internal', 'hybrid'] });
    expect(await list(m)).toEqual([item]);
    // Without a name: where it was made.
    const second = await register(m, new SoftAuthenticator(ORIGIN));
    expect(second.name).toBe('Android · Chrome');
    const again = await registerOptions(m);
    expect(again.options.excludeCredentials?.map((c) => c.id).sort()).toEqual([item.id, second.id].sort());
  });

  it('refuses an answer for another site, another challenge, a replay and bad input', async () => {
    const m = await member(t);
    await reauth(m);
    const auth = new SoftAuthenticator(ORIGIN);

    const a = await registerOptions(m);
    const phished = await post(t, '/api/auth/passkey/register/verify', { name: '', credential: auth.register(a.options, { origin: 'https://chalkak.example' }) }, withCookies(m.cookie, a.cookie));
    expect(phished.statusCode).toBe(400);
    expect(phished.json().message).toBe(PASSKEY_SERVER_MSG.notVerified);

    const b = await registerOptions(m);
    const otherChallenge = await post(t, '/api/auth/passkey/register/verify', { name: '', credential: auth.register(b.options, { challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }) }, withCookies(m.cookie, b.cookie));
    expect(otherChallenge.statusCode).toBe(400);

    // Without the ceremony's cookie (options never asked, or expired).
    const c = await registerOptions(m);
    const cred = auth.register(c.options);
    const noCookie = await post(t, '/api/auth/passkey/register/verify', { name: '', credential: cred }, m.cookie);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().message).toBe(CHALLENGE_MSG.missing);
    const ok = await post(t, '/api/auth/passkey/register/verify', { name: '', credential: cred }, withCookies(m.cookie, c.cookie));
    expect(ok.statusCode).toBe(200);
    const replay = await post(t, '/api/auth/passkey/register/verify', { name: '', credential: cred }, withCookies(m.cookie, c.cookie));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(CHALLENGE_MSG.used);

    // Another member's ceremony cookie is not this member's.
    const other = await member(t);
    await reauth(other);
    const d = await registerOptions(m);
    const stolen = await post(t, '/api/auth/passkey/register/verify', { name: '', credential: auth.register(d.options) }, withCookies(other.cookie, d.cookie));
    expect(stolen.statusCode).toBe(400);

    const e = await registerOptions(m);
    const good = auth.register(e.options);
    for (const body of [
      { name: '', credential: { ...good, extra: 1 } },
      { name: 'x'.repeat(31), credential: good },
      { name: '', credential: { ...good, type: 'password' } },
      { name: '', credential: { ...good, response: { ...good.response, clientDataJSON: 'not base64url!' } } },
      { credential: good },
    ]) {
      const res = await post(t, '/api/auth/passkey/register/verify', body, withCookies(m.cookie, e.cookie));
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await list(m)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_PASSKEYS} for a member`, async () => {
    const m = await member(t);
    await reauth(m);
    await t.database.db.insert(passkeys).values(
      Array.from({ length: MAX_PASSKEYS }, (_, i) => ({ id: `filler-${m.no}-${i}`, userNo: m.no, publicKey: 'AA', name: `키 ${i}` })),
    );
    const res = await post(t, '/api/auth/passkey/register/options', {}, m.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSKEY_SERVER_MSG.tooMany);
  });
});

describe('signing in with a passkey', () => {
  let owner: M;
  let auth: SoftAuthenticator;
  let key: PasskeyItem;
  beforeAll(async () => {
    owner = await member(t);
    await reauth(owner);
    auth = new SoftAuthenticator(ORIGIN);
    key = await register(owner, auth, '보안 키');
  });

  it('signs in without the id: a session as the password login\'s, and the second step passed', async () => {
    const { options, cookie } = await loginOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.rpId).toBe('chalkak.test');
    const res = await loginVerify(auth.authenticate(options), cookie, true);
    expect(res.statusCode, res.body).toBe(200);
    const sid = sessionCookie(res);
    expect(await sessionInfo(sid)).toMatchObject({ logined: true, userId: owner.userId });
    const [row] = await t.database.db.select().from(sessions).where(and(eq(sessions.userNo, owner.no), isNotNull(sessions.secondStepAt)));
    expect(row?.persistent).toBe(true);
    const [user] = await t.database.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.no, owner.no));
    expect(user?.lastLoginAt).not.toBeNull();
    const [listed] = await list(owner);
    expect(listed).toMatchObject({ id: key.id, lastUsedDevice: 'Android · Chrome' });
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('offers the member\'s own keys when the id is typed, and none for an unknown id', async () => {
    const own = await loginOptions(owner.userId.toUpperCase());
    expect(own.options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    expect((await loginOptions('nobody_here')).options.allowCredentials ?? []).toEqual([]);
    const res = await loginVerify(auth.authenticate(own.options), own.cookie);
    expect(res.statusCode).toBe(200);
  });

  it('refuses the same answer twice, and an answer without its ceremony', async () => {
    const { options, cookie } = await loginOptions();
    const answer = auth.authenticate(options);
    expect((await loginVerify(answer, '')).json().message).toBe(CHALLENGE_MSG.missing);
    const first = await loginVerify(answer, cookie);
    expect(first.statusCode).toBe(200);
    const replay = await loginVerify(answer, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(CHALLENGE_MSG.used);
    expect(sessionCookie(replay)).toBe('');
  });

  it('refuses a counter that goes back (a cloned key) and an answer for another site', async () => {
    const a = await loginOptions();
    const cloned = await loginVerify(auth.authenticate(a.options, { counter: 1 }), a.cookie);
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().message).toBe(PASSKEY_SERVER_MSG.counter);
    const b = await loginOptions();
    const phished = await loginVerify(auth.authenticate(b.options, { origin: 'https://chalkak.example' }), b.cookie);
    expect(phished.statusCode).toBe(401);
    expect(phished.json().message).toBe(PASSKEY_SERVER_MSG.notVerified);
  });

  it('refuses a key nobody registered, and one signed by another key', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    const { options: so } = await registerOptions(owner);
    stranger.register(so);
    const a = await loginOptions();
    const res = await loginVerify(stranger.authenticate(a.options), a.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(PASSKEY_SERVER_MSG.unknown);
    // The stranger's signature under the owner's key id.
    const b = await loginOptions();
    const forged = stranger.authenticate(b.options);
    const ownerAnswer = auth.authenticate(b.options);
    const res2 = await loginVerify({ ...ownerAnswer, response: { ...ownerAnswer.response, signature: forged.response.signature } }, b.cookie);
    expect(res2.statusCode).toBe(401);
  });

  it('counts as the second step only when the authenticator verified the person', async () => {
    const m = await member(t);
    await reauth(m);
    const noPin = new SoftAuthenticator(ORIGIN);
    noPin.userVerifies = false;
    noPin.counts = false;
    await register(m, noPin);
    const { options, cookie } = await loginOptions(m.userId);
    const res = await loginVerify(noPin.authenticate(options), cookie);
    expect(res.statusCode, res.body).toBe(200);
    const sid = sessionCookie(res);
    expect(await sessionInfo(sid)).toMatchObject({ logined: true, userId: m.userId });
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.database.db.select({ secondStepAt: sessions.secondStepAt }).from(sessions).where(eq(sessions.userNo, m.no));
    expect(rows.some((r) => r.secondStepAt === null)).toBe(true);

    // With two-step sign-in on, the one-time code comes next; a passkey that verifies needs none.
    await reauth(m);
    const withPin = new SoftAuthenticator(ORIGIN);
    await register(m, withPin);
    await t.database.db.insert(totpSecrets).values({ userNo: m.no, secretEnc: 'sealed', enabledAt: new Date() });
    const again = await loginOptions(m.userId);
    const pending = await loginVerify(noPin.authenticate(again.options, { credential: noPin.credentials[0] }), again.cookie);
    expect(pending.json()).toEqual({ ok: true, secondStep: 'totp' });
    const third = await loginOptions();
    const done = await loginVerify(withPin.authenticate(third.options), third.cookie);
    expect(done.json()).toEqual({ ok: true });
  });

  it('refuses a suspended member with the reason, and a withdrawn member\'s keys are gone', async () => {
    const m = await member(t);
    await reauth(m);
    const phone = new SoftAuthenticator(ORIGIN);
    await register(m, phone);
    await t.database.db.update(users).set({ status: 'suspended', suspendReason: '광고 글' }).where(eq(users.no, m.no));
    const a = await loginOptions();
    const res = await loginVerify(phone.authenticate(a.options), a.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('이용이 정지된 계정입니다. 사유: 광고 글');
    expect(sessionCookie(res)).toBe('');

    await t.database.db.update(users).set({ status: 'active', suspendReason: null }).where(eq(users.no, m.no));
    const out = await post(t, '/api/user/out', { password: m.password }, m.cookie);
    expect(out.statusCode, out.body).toBe(200);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userNo, m.no))).toEqual([]);
    const b = await loginOptions();
    const gone = await loginVerify(phone.authenticate(b.options), b.cookie);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe(PASSKEY_SERVER_MSG.unknown);
  });

  it('refuses bad input', async () => {
    const { options, cookie } = await loginOptions();
    const good = auth.authenticate(options);
    for (const body of [
      { credential: { ...good, extra: true } },
      { credential: { ...good, response: { ...good.response, signature: '' } } },
      { credential: good, remember: 'Y' },
      {},
    ]) {
      const res = await post(t, '/api/auth/passkey/login/verify', body, cookie);
      expect(res.statusCode).toBe(400);
    }
    expect((await post(t, '/api/auth/passkey/login/options', { userId: 'x'.repeat(21) })).statusCode).toBe(400);
    expect((await post(t, '/api/auth/passkey/login/options', { userId: 'a', other: 1 })).statusCode).toBe(400);
  });
});

describe('a member\'s passkeys', () => {
  it('renames and removes only one\'s own; a removed key signs nobody in', async () => {
    const a = await member(t);
    const b = await member(t);
    await reauth(a);
    const auth = new SoftAuthenticator(ORIGIN);
    const key = await register(a, auth, '처음 이름');
    expect(await list(b)).toEqual([]);
    expect((await post(t, '/api/auth/passkeys', {})).statusCode).toBe(401);

    expect((await post(t, '/api/auth/passkey/rename', { id: key.id, name: '남의 것' }, b.cookie)).statusCode).toBe(404);
    expect((await post(t, '/api/auth/passkey/rename', { id: key.id, name: '새 이름' }, a.cookie)).statusCode).toBe(200);
    expect((await list(a))[0]?.name).toBe('새 이름');
    expect((await post(t, '/api/auth/passkey/rename', { id: key.id, name: 'x'.repeat(31) }, a.cookie)).statusCode).toBe(400);

    const wrong = await post(t, '/api/auth/passkey/delete', { id: key.id }, b.cookie);
    expect(wrong.statusCode).toBe(404);
    expect((await post(t, '/api/auth/passkey/delete', { id: 'no such key' }, a.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/auth/passkey/delete', { id: key.id })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/passkey/delete', { id: key.id }, a.cookie)).statusCode).toBe(200);
    expect(await list(a)).toEqual([]);

    const { options, cookie } = await loginOptions();
    const res = await loginVerify(auth.authenticate(options), cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(PASSKEY_SERVER_MSG.unknown);
  });

  it('keeps the last passkey of a member who has no password and no linked account', async () => {
    const m = await member(t);
    await reauth(m);
    const key = await register(m, new SoftAuthenticator(ORIGIN));
    await t.database.db.update(users).set({ passwordHash: '!none' }).where(eq(users.no, m.no));
    const res = await post(t, '/api/auth/passkey/delete', { id: key.id }, m.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PASSKEY_SERVER_MSG.lastWay);
  });
});

describe('the site the passkeys belong to', () => {
  it('is PUBLIC_ORIGIN\'s, or the request\'s when there is none or it is an IP address', () => {
    expect(relyingParty('https://club.example', { protocol: 'http', host: 'other:80' }, '')).toEqual({ id: 'club.example', origin: 'https://club.example', name: 'Chalkak' });
    expect(relyingParty('http://127.0.0.1:3000', { protocol: 'http', host: 'localhost:3000' }, '찰칵')).toEqual({ id: 'localhost', origin: 'http://localhost:3000', name: '찰칵' });
    expect(relyingParty('http://[::1]:3000', { protocol: 'http', host: 'localhost:3000' }, '찰칵').id).toBe('localhost');
    expect(relyingParty(undefined, { protocol: 'https', host: 'club.example' }, '찰칵').origin).toBe('https://club.example');
  });
});

describe('without PUBLIC_ORIGIN and with the limits on', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await testApp({});
  });
  afterAll(async () => {
    await local?.close();
  });

  it('takes the site from the address the request came to, and limits sign-in tries per address', async () => {
    const res = await local.app.inject({ method: 'POST', url: '/api/auth/passkey/login/options', payload: {}, headers: { host: 'localhost:5173' } });
    expect(res.json().rpId).toBe('localhost');
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await local.app.inject({ method: 'POST', url: '/api/auth/passkey/login/verify', payload: {}, headers: { host: 'localhost:5173' } })).statusCode;
    }
    expect(last).toBe(429);
  });
});
