// Real-name verification: /api/identity/start, /api/identity/sandbox/complete and
// /api/identity/return/:provider, with the sandbox provider and a stand-in for NICE.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, loadConfig } from '../../config.js';
import { identityRequests, users } from '../../db/schema/index.js';
import { copyDatabase, createUser, login, post, testApp, type TestApp } from '../../test/harness.js';
import { testConfig } from '../../test/config.js';
import { NICE_WINDOW_URL, niceDecrypt, niceEncrypt, niceIntegrity, niceKeys } from './nice.js';
import { IDENTITY_MSG } from './provider.js';
import { sandboxDupValue } from './sandbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const PERSON = { name: '홍길동', birth: '19900101' };
const FAIL_PAGE = '/user/nice/fail?message=';
const failTo = (message: string) => FAIL_PAGE + encodeURIComponent(message).replace(/%20/g, '+');

async function member(app: TestApp = t) {
  const u = await createUser(app);
  return { ...u, cookie: await login(app, u.userId, u.password) };
}

async function start(cookie: string, app: TestApp = t) {
  const res = await post(app, '/api/identity/start', {}, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as { provider: string; requestId: string; form?: { action: string; method: string; fields: Record<string, string> } };
}

/** A different person each time (one identity may verify only one account). */
let people = 0;
const someone = () => {
  const day = new Date(Date.UTC(1970, 0, 1) + ++people * 86_400_000 + (process.pid % 5000) * 86_400_000);
  return { name: '시험회원', birth: day.toISOString().slice(0, 10).replace(/-/g, '') };
};

async function complete(cookie: string, requestId: string, over: Record<string, string> = {}) {
  const res = await post(t, '/api/identity/sandbox/complete', { requestId, ...someone(), outcome: 'success', ...over }, cookie);
  expect(res.statusCode).toBe(200);
  return res.json().returnUrl as string;
}

const open = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const isReal = async (cookie: string) => (await post(t, '/api/session/info', {}, cookie)).json().real as boolean;
const requestRow = async (id: string) =>
  (await t.database.db.select().from(identityRequests).where(eq(identityRequests.id, id)))[0]!;
const userRow = async (no: number) => (await t.database.db.select().from(users).where(eq(users.no, no)))[0]!;

/** The signed data of a sandbox return URL, decoded, and a way to re-encode it. */
function splitUrl(url: string) {
  const q = new URL(url, 'http://x').searchParams;
  const data = JSON.parse(Buffer.from(q.get('data')!, 'base64url').toString('utf8'));
  const sig = q.get('sig')!;
  const build = (d: object, s = sig) =>
    `/api/identity/return/sandbox?${new URLSearchParams({ data: Buffer.from(JSON.stringify(d)).toString('base64url'), sig: s })}`;
  return { data, sig, build };
}

describe('/api/identity/start', () => {
  it('needs login', async () => {
    const res = await post(t, '/api/identity/start', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: IDENTITY_MSG.loggedOut });
  });

  it('creates a pending 10-minute request for the member and asks for the simulated screen', async () => {
    const m = await member();
    const body = await start(m.cookie);
    expect(body).toEqual({ provider: 'sandbox', requestId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const row = await requestRow(body.requestId);
    expect(row).toMatchObject({ userNo: m.no, provider: 'sandbox', status: 'pending' });
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('refuses a member who is already verified', async () => {
    const m = await member();
    await t.database.db.update(users).set({ real: true }).where(eq(users.no, m.no));
    const res = await post(t, '/api/identity/start', {}, m.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: '이미 본인 확인을 마쳤습니다.' });
  });

  it('refuses a cross-site start', async () => {
    const m = await member();
    const res = await post(t, '/api/identity/start', {}, m.cookie, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('sandbox verification', () => {
  it('start, complete and return make the member verified; only a hash is kept', async () => {
    const m = await member();
    expect(await isReal(m.cookie)).toBe(false);
    const { requestId } = await start(m.cookie);
    const url = await complete(m.cookie, requestId, PERSON);
    expect(url).toMatch(/^\/api\/identity\/return\/sandbox\?data=[\w-]+&sig=[\w-]+$/);

    const res = await open(url, m.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/nice/success');
    expect(await isReal(m.cookie)).toBe(true);
    const row = await userRow(m.no);
    const dup = sandboxDupValue(PERSON.name, PERSON.birth);
    expect(row.realDupHash).toBe(createHash('sha256').update(`sandbox:${dup}`).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(PERSON.name);
    expect(JSON.stringify(row)).not.toContain(PERSON.birth);
    expect((await requestRow(requestId)).status).toBe('done');
  });

  it('accepts the return as a cross-site POST (exempt from the Origin check)', async () => {
    const m = await member();
    const { requestId } = await start(m.cookie);
    const q = new URL(await complete(m.cookie, requestId), 'http://x').searchParams;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/return/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ data: q.get('data')!, sig: q.get('sig')! }).toString(),
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/nice/success');
    expect(await isReal(m.cookie)).toBe(true);
  });

  it('refuses a forged signature and changes nothing', async () => {
    const m = await member();
    const { requestId } = await start(m.cookie);
    const { data, build } = splitUrl(await complete(m.cookie, requestId));
    const forged = build({ ...data, dupValue: 'someone-else' });
    const res = await open(forged, m.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(failTo(IDENTITY_MSG.badResult));
    expect(await isReal(m.cookie)).toBe(false);
    expect((await requestRow(requestId)).status).toBe('pending');
    // A made-up signature and a missing one are refused the same way.
    for (const url of [build(data, 'A'.repeat(43)), '/api/identity/return/sandbox', '/api/identity/return/sandbox?data=x&sig=y']) {
      expect((await open(url)).headers.location).toBe(failTo(IDENTITY_MSG.badResult));
    }
    expect((await requestRow(requestId)).status).toBe('pending');
  });

  it('refuses a replay of a result already used', async () => {
    const m = await member();
    const { requestId } = await start(m.cookie);
    const url = await complete(m.cookie, requestId);
    expect((await open(url)).headers.location).toBe('/user/nice/success');
    const hashBefore = (await userRow(m.no)).realDupHash;
    const again = await open(url);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(failTo(IDENTITY_MSG.expired));
    expect((await userRow(m.no)).realDupHash).toBe(hashBefore);
    expect((await requestRow(requestId)).status).toBe('done');
  });

  it('lets the request decide the account: a tampered requestId fails the signature', async () => {
    const a = await member();
    const b = await member();
    const ra = await start(a.cookie);
    const rb = await start(b.cookie);
    const { data, build } = splitUrl(await complete(b.cookie, rb.requestId));
    const res = await open(build({ ...data, requestId: ra.requestId }), b.cookie);
    expect(res.headers.location).toBe(failTo(IDENTITY_MSG.badResult));
    expect(await isReal(a.cookie)).toBe(false);
    expect(await isReal(b.cookie)).toBe(false);
    expect((await requestRow(ra.requestId)).status).toBe('pending');
    expect((await requestRow(rb.requestId)).status).toBe('pending');
  });

  it("verifies the request's member, not whoever opens the result", async () => {
    const a = await member();
    const b = await member();
    const { requestId } = await start(a.cookie);
    const url = await complete(a.cookie, requestId, { name: '김철수', birth: '19851212' });
    expect((await open(url, b.cookie)).headers.location).toBe('/user/nice/success');
    expect(await isReal(a.cookie)).toBe(true);
    expect(await isReal(b.cookie)).toBe(false);
  });

  it("does not let a member complete another member's request", async () => {
    const a = await member();
    const b = await member();
    const { requestId } = await start(a.cookie);
    const res = await post(t, '/api/identity/sandbox/complete', { requestId, ...PERSON, outcome: 'success' }, b.cookie);
    expect(res.statusCode).toBe(404);
    expect((await post(t, '/api/identity/sandbox/complete', { requestId, ...PERSON, outcome: 'success' })).statusCode).toBe(401);
  });

  it('refuses an expired request', async () => {
    const m = await member();
    const { requestId } = await start(m.cookie);
    const url = await complete(m.cookie, requestId, { name: '박영희', birth: '20000229' });
    await t.database.db
      .update(identityRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(identityRequests.id, requestId));
    const res = await open(url, m.cookie);
    expect(res.headers.location).toBe(failTo(IDENTITY_MSG.expired));
    expect(await isReal(m.cookie)).toBe(false);
    expect((await requestRow(requestId)).status).toBe('failed');
    // The simulated screen refuses it too.
    const again = await post(t, '/api/identity/sandbox/complete', { requestId, ...PERSON, outcome: 'success' }, m.cookie);
    expect(again.statusCode).toBe(404);
  });

  it('lets one identity verify only one account', async () => {
    const person = { name: '이순신', birth: '19700428' };
    const a = await member();
    const b = await member();
    const ra = await start(a.cookie);
    expect((await open(await complete(a.cookie, ra.requestId, person))).headers.location).toBe('/user/nice/success');
    const rb = await start(b.cookie);
    const res = await open(await complete(b.cookie, rb.requestId, person), b.cookie);
    expect(res.headers.location).toBe(failTo('이미 다른 계정의 본인 확인에 사용된 정보입니다.'));
    expect(await isReal(b.cookie)).toBe(false);
    expect((await userRow(b.no)).realDupHash).toBeNull();
    expect((await requestRow(rb.requestId)).status).toBe('failed');
  });

  it('sends a failed outcome to the fail page with its message; the member stays unverified', async () => {
    const m = await member();
    const { requestId } = await start(m.cookie);
    const res = await open(await complete(m.cookie, requestId, { outcome: 'fail' }), m.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(failTo('본인 확인에 실패했습니다.'));
    expect(decodeURIComponent(res.headers.location!.split('message=')[1]!.replace(/\+/g, ' '))).toBe('본인 확인에 실패했습니다.');
    expect(await isReal(m.cookie)).toBe(false);
    expect((await requestRow(requestId)).status).toBe('failed');
  });

  it('checks the simulated screen input with Korean messages', async () => {
    const m = await member();
    const { requestId } = await start(m.cookie);
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: '' }, '이름은 필수 입력 항목입니다.'],
      [{ name: '홍' }, '이름은 2~20자로 입력해 주세요.'],
      [{ name: '가'.repeat(21) }, '이름은 2~20자로 입력해 주세요.'],
      [{ birth: '1990011' }, '생년월일은 8자리 숫자(예: 19900101)로 입력해 주세요.'],
      [{ birth: '19900230' }, '올바른 생년월일을 입력해 주세요.'],
      [{ birth: '29990101' }, '올바른 생년월일을 입력해 주세요.'],
    ];
    for (const [over, message] of cases) {
      const res = await post(t, '/api/identity/sandbox/complete', { requestId, ...PERSON, outcome: 'success', ...over }, m.cookie);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const bad = await post(t, '/api/identity/sandbox/complete', { requestId, ...PERSON, outcome: 'maybe' }, m.cookie);
    expect(bad.statusCode).toBe(400);
    expect((await requestRow(requestId)).status).toBe('pending');
  });

  it('sends an unknown provider name to the fail page', async () => {
    const res = await open('/api/identity/return/nice?enc_data=x');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(failTo(IDENTITY_MSG.unavailable));
  });
});

describe('IDENTITY_PROVIDER=none', () => {
  it('turns verification off', async () => {
    const off = await testApp({ RATE_LIMIT: 'false', IDENTITY_PROVIDER: 'none' });
    try {
      const m = await member(off);
      const res = await post(off, '/api/identity/start', {}, m.cookie);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: IDENTITY_MSG.unavailable });
      const sandbox = await post(off, '/api/identity/sandbox/complete', { requestId: 'x', ...PERSON, outcome: 'success' }, m.cookie);
      expect(sandbox.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('is the default in production, sandbox elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).identity).toEqual({ provider: 'none' });
    expect(loadConfig({ NODE_ENV: 'development' }).identity).toEqual({ provider: 'sandbox' });
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'nice' })).toThrow(ConfigError);
  });
});

describe('nice provider', () => {
  const ORIGIN = 'https://club.example';
  const TOKEN = { siteCode: 'AB123', tokenVersionId: '20240101120000AB-NC000000000-0000', tokenVal: 'tokenValueFromNice' };
  let n: TestApp;
  const calls: Array<{ reqDtim: string; reqNo: string }> = [];

  beforeAll(async () => {
    const database = await copyDatabase();
    const config = testConfig({
      RATE_LIMIT: 'false',
      IDENTITY_PROVIDER: 'nice',
      NICE_CLIENT_ID: 'client-id',
      NICE_PRODUCT_ID: '2101979031',
      NICE_ACCESS_TOKEN: 'access-token',
      PUBLIC_ORIGIN: ORIGIN,
    });
    const app = await buildApp(config, {
      database,
      logger: false,
      niceCryptoToken: async (input) => {
        calls.push(input);
        return TOKEN;
      },
    });
    await app.ready();
    n = { app, database, close: async () => { await app.close(); await database.close(); } };
  });
  afterAll(() => n.close());

  /** Plays NICE: reads the request form, then encrypts a result the way NICE does (EUC-KR JSON). */
  function niceAnswers(form: { fields: Record<string, string> }, result: { resultcode?: string; di?: string; requestno?: string } = {}) {
    const call = calls.at(-1)!;
    const keys = niceKeys(call.reqDtim, call.reqNo, TOKEN.tokenVal);
    expect(form.fields.integrity_value).toBe(niceIntegrity(form.fields.enc_data!, keys.hmacKey));
    const request = JSON.parse(niceDecrypt(form.fields.enc_data!, keys).toString('utf8'));
    const euckrName = Buffer.from('c8abb1e6b5bf', 'hex'); // 홍길동 in EUC-KR
    const head = {
      resultcode: result.resultcode ?? '0000',
      requestno: result.requestno ?? request.requestno,
      enctime: '20240101120100',
      sitecode: TOKEN.siteCode,
      responseno: 'NICE0001',
      authtype: 'M',
      utf8_name: encodeURIComponent('홍길동'),
      birthdate: '19900101',
      gender: '1',
      nationalinfo: '0',
      ci: 'CI-VALUE',
      di: result.di ?? 'MC0GCCqGSIb3DQIJAyEA-di-of-hong',
    };
    const json = JSON.stringify(head);
    const plain = Buffer.concat([Buffer.from(json.slice(0, -1) + ',"name":"'), euckrName, Buffer.from('"}')]);
    const encData = niceEncrypt(plain, keys);
    return { request, fields: { token_version_id: TOKEN.tokenVersionId, enc_data: encData, integrity_value: niceIntegrity(encData, keys.hmacKey) } };
  }

  async function niceStart(cookie: string) {
    const res = await post(n, '/api/identity/start', {}, cookie);
    expect(res.statusCode).toBe(200);
    const state = res.cookies.find((c) => c.name === 'chalkak_idv')!;
    expect(state.httpOnly).toBe(true);
    expect(state.path).toBe('/api/identity/return');
    return { body: res.json(), stateCookie: `chalkak_idv=${state.value}` };
  }

  const niceReturn = (fields: Record<string, string>, stateCookie: string) =>
    n.app.inject({
      method: 'POST',
      url: '/api/identity/return/nice',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://nice.checkplus.co.kr', cookie: stateCookie },
      payload: new URLSearchParams(fields).toString(),
    });

  it('builds the standard window form and accepts NICE\'s encrypted result', async () => {
    const m = await member(n);
    const { body, stateCookie } = await niceStart(m.cookie);
    expect(body.provider).toBe('nice');
    expect(body.form.action).toBe(NICE_WINDOW_URL);
    expect(body.form.method).toBe('post');
    expect(Object.keys(body.form.fields).sort()).toEqual(['enc_data', 'integrity_value', 'm', 'token_version_id']);
    expect(body.form.fields.m).toBe('service');
    expect(body.form.fields.token_version_id).toBe(TOKEN.tokenVersionId);
    expect(calls.at(-1)!.reqNo).toBe(body.requestId);
    expect(calls.at(-1)!.reqDtim).toMatch(/^\d{14}$/);

    const { request, fields } = niceAnswers(body.form);
    expect(request).toMatchObject({ requestno: body.requestId, returnurl: `${ORIGIN}/api/identity/return/nice`, sitecode: TOKEN.siteCode });

    const res = await niceReturn(fields, stateCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/nice/success');
    const info = (await post(n, '/api/session/info', {}, m.cookie)).json();
    expect(info.real).toBe(true);
    const [row] = await n.database.db.select().from(users).where(eq(users.no, m.no));
    expect(row!.realDupHash).toBe(createHash('sha256').update('nice:MC0GCCqGSIb3DQIJAyEA-di-of-hong').digest('hex'));

    // The same answer again is a replay.
    expect((await niceReturn(fields, stateCookie)).headers.location).toBe(failTo(IDENTITY_MSG.expired));
  });

  it('refuses an integrity mismatch and changes nothing', async () => {
    const m = await member(n);
    const { body, stateCookie } = await niceStart(m.cookie);
    const { fields } = niceAnswers(body.form, { di: 'another-di' });
    const res = await niceReturn({ ...fields, integrity_value: niceIntegrity(fields.enc_data, 'x'.repeat(32)) }, stateCookie);
    expect(res.headers.location).toBe(failTo(IDENTITY_MSG.badResult));
    // Changed data under the original integrity value is refused as well.
    const other = niceAnswers(body.form, { di: 'third-di' });
    const swapped = await niceReturn({ ...fields, enc_data: other.fields.enc_data }, stateCookie);
    expect(swapped.headers.location).toBe(failTo(IDENTITY_MSG.badResult));
    // Without the state kept at start the result cannot be read.
    expect((await niceReturn(fields, '')).headers.location).toBe(failTo(IDENTITY_MSG.expired));
    expect((await post(n, '/api/session/info', {}, m.cookie)).json().real).toBe(false);
    const [req] = await n.database.db
      .select()
      .from(identityRequests)
      .where(and(eq(identityRequests.id, body.requestId), eq(identityRequests.provider, 'nice')));
    expect(req!.status).toBe('pending');
  });

  it("takes NICE's failure code as a failed verification", async () => {
    const m = await member(n);
    const { body, stateCookie } = await niceStart(m.cookie);
    const { fields } = niceAnswers(body.form, { resultcode: '0001' });
    const res = await n.app.inject({ method: 'GET', url: `/api/identity/return/nice?${new URLSearchParams(fields)}`, headers: { cookie: stateCookie } });
    expect(res.headers.location).toBe(failTo(IDENTITY_MSG.failed));
    const [req] = await n.database.db.select().from(identityRequests).where(eq(identityRequests.id, body.requestId));
    expect(req!.status).toBe('failed');
  });

  it("refuses a result for another request number", async () => {
    const m = await member(n);
    const { body, stateCookie } = await niceStart(m.cookie);
    const { fields } = niceAnswers(body.form, { requestno: 'ffffffffffffffffffffffff' });
    expect((await niceReturn(fields, stateCookie)).headers.location).toBe(failTo(IDENTITY_MSG.badResult));
  });

  it("allows form submission to NICE's window in the CSP", async () => {
    const res = await n.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toMatch(/form-action 'self' https:\/\/nice\.checkplus\.co\.kr/);
    const sandboxCsp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(sandboxCsp).toMatch(/form-action 'self'(;|$)/);
  });
});
