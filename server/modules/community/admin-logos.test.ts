// Admin logos: who may call, upload → save → activate → /api/session/logo, one active logo per
// kind, a scheduled logo answered only within its dates, the picture kept and public while a
// logo holds it, bad input, delete, and the audit records.
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLogo } from '../../../common/api/admin-setup.js';
import { adminAudit, files, logos } from '../../db/schema/index.js';
import { createStorage } from '../../lib/storage.js';
import { adminCookie, member, uploadedFile } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { cleanupUnattached } from '../files/service.js';
import { currentLogo } from './service.js';

let t: TestApp;
let admin: string;
let memberCookie: string;
let memberNo: number;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  const m = await member(t);
  memberCookie = m.cookie;
  memberNo = m.no;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
/** As the admin unless told otherwise; null calls as a visitor. */
const call = (url: string, body: object, cookie: string | null = admin) => post(t, `/api/admin/logo/${url}`, body, cookie ?? undefined);
const list = async () => (await call('list', {})).json().items as AdminLogo[];
const logoOf = async (id: number) => (await list()).find((l) => l.id === id)!;
const lastAudit = async (id: number) =>
  (await db().select().from(adminAudit).where(eq(adminAudit.targetKey, String(id))).orderBy(desc(adminAudit.id)).limit(1))[0];

async function upload(cookie = admin) {
  const png = await sharp({ create: { width: 120, height: 50, channels: 3, background: '#aa3344' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'holiday.png');
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { fileKey: string; url: string };
}

const base = { kind: 'second', name: '설날 로고', year: '2027', imageUrl: '', startsOn: null, endsOn: null };
async function create(over: object = {}) {
  const { fileKey } = await upload();
  const res = await call('save', { ...base, fileKey, ...over });
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

describe('who may call', () => {
  it.each([
    ['list', {}],
    ['save', { ...base, fileKey: 'x' }],
    ['delete', { id: 1 }],
    ['activate', { id: 1, active: true }],
  ])('%s: visitors get 401, members 403, nothing changes', async (url, body) => {
    const before = await db().select().from(logos);
    expect((await call(url, body, null)).statusCode).toBe(401);
    const m = await call(url, body, memberCookie);
    expect(m.statusCode).toBe(403);
    expect(m.json()).toEqual({ message: '관리자만 사용할 수 있습니다.' });
    expect(await db().select().from(logos)).toEqual(before);
  });
});

describe('save, activate, list and the public answer', () => {
  it('an uploaded logo is saved off, then activated; it is answered, public and kept', async () => {
    const id = await create({ name: '추석 로고', imageUrl: '/board/site/view/9' });
    const saved = await logoOf(id);
    expect(saved).toMatchObject({ kind: 'second', name: '추석 로고', year: '2027', active: false, showing: false });
    expect(saved.image).toMatch(/^\/api\/file\/down\//);
    expect((await lastAudit(id))).toMatchObject({ action: 'logo.save', targetKind: 'logo', before: null });

    const res = await call('activate', { id, active: true });
    expect(res.statusCode).toBe(200);
    expect((await logoOf(id)).showing).toBe(true);
    expect((await lastAudit(id))).toMatchObject({ action: 'logo.activate', before: { active: false }, after: { active: true } });
    const answer = (await post(t, '/api/session/logo')).json();
    expect(answer).toMatchObject({ image: saved.image, imageUrl: '/board/site/view/9', name: '추석 로고', year: '2027' });

    // Everyone may fetch the picture; the day-old clean-up leaves it.
    expect((await t.app.inject({ method: 'GET', url: saved.image })).statusCode).toBe(200);
    await db().update(files).set({ createdAt: new Date(Date.now() - 3 * 24 * 3600_000) }).where(eq(files.key, saved.fileKey!));
    await cleanupUnattached(db(), createStorage(t.app.ctx.config));
    expect((await db().select().from(files).where(eq(files.key, saved.fileKey!))).length).toBe(1);
  });

  it('keeps one active logo without dates per kind', async () => {
    const a = await create();
    const b = await create();
    await call('activate', { id: a, active: true });
    await call('activate', { id: b, active: true });
    expect((await logoOf(a)).active).toBe(false);
    expect((await logoOf(b)).active).toBe(true);
    // A main logo does not touch the second ones.
    const m = await create({ kind: 'main', name: '메인 로고' });
    await call('activate', { id: m, active: true });
    expect((await logoOf(b)).active).toBe(true);
    expect((await post(t, '/api/session/logo')).json().main).toMatchObject({ name: '메인 로고' });
    await call('activate', { id: m, active: false });
    expect((await post(t, '/api/session/logo')).json().main).toBeNull();
  });

  it('a scheduled logo is answered only within its dates, over the everyday one', async () => {
    const everyday = await create({ name: '평소 로고' });
    await call('activate', { id: everyday, active: true });
    const holiday = await create({ name: '한가위 로고', startsOn: '2027-09-14', endsOn: '2027-09-16' });
    await call('activate', { id: holiday, active: true });
    // Still active: a scheduled one does not switch the everyday logo off.
    expect((await logoOf(everyday)).active).toBe(true);
    // Days are the site's (Asia/Seoul): 2027-09-13 15:00Z is already the 14th there.
    const at = (iso: string) => currentLogo(db(), new Date(iso)).then((l) => l.name);
    expect(await at('2027-09-13T14:59:00Z')).toBe('평소 로고');
    expect(await at('2027-09-13T15:00:00Z')).toBe('한가위 로고');
    expect(await at('2027-09-16T14:59:00Z')).toBe('한가위 로고');
    expect(await at('2027-09-16T15:00:00Z')).toBe('평소 로고');
    await call('activate', { id: holiday, active: false });
    expect(await at('2027-09-15T03:00:00Z')).toBe('평소 로고');
  });

  it('edits a logo keeping its picture, and replaces the picture with a new upload', async () => {
    const id = await create();
    const first = await logoOf(id);
    const res = await call('save', { ...base, id, name: '바뀐 이름', year: '2028' });
    expect(res.statusCode).toBe(200);
    expect(await logoOf(id)).toMatchObject({ name: '바뀐 이름', year: '2028', image: first.image, fileKey: first.fileKey });
    expect((await lastAudit(id))).toMatchObject({ action: 'logo.save', before: { name: '설날 로고' }, after: { name: '바뀐 이름' } });
    const { fileKey } = await upload();
    expect((await call('save', { ...base, id, fileKey })).statusCode).toBe(200);
    expect((await logoOf(id)).fileKey).toBe(fileKey);
  });

  it('deletes a logo (audited); its picture is no longer kept', async () => {
    const id = await create();
    const { fileKey } = await logoOf(id);
    const res = await call('delete', { id });
    expect(res.statusCode).toBe(200);
    expect((await db().select().from(logos).where(eq(logos.id, id))).length).toBe(0);
    expect((await lastAudit(id))).toMatchObject({ action: 'logo.delete', after: null });
    await db().update(files).set({ createdAt: new Date(Date.now() - 3 * 24 * 3600_000) }).where(eq(files.key, fileKey!));
    await cleanupUnattached(db(), createStorage(t.app.ctx.config));
    expect((await db().select().from(files).where(eq(files.key, fileKey!))).length).toBe(0);
    expect((await call('delete', { id })).statusCode).toBe(404);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['no picture for a new logo', { ...base }, '로고 그림을 올려 주세요.'],
    ['an empty name', { ...base, fileKey: 'k', name: ' ' }, '로고 이름(풍선 도움말)을 입력해 주세요.'],
    ['an unknown kind', { ...base, fileKey: 'k', kind: 'third' }, '로고 종류를 골라 주세요.'],
    ['a broken date', { ...base, fileKey: 'k', startsOn: '2027-13-01' }, '없는 날짜입니다.'],
    ['an end before the start', { ...base, fileKey: 'k', startsOn: '2027-09-16', endsOn: '2027-09-14' }, '끝나는 날이 시작하는 날보다 앞섭니다.'],
    ['a javascript: link', { ...base, fileKey: 'k', imageUrl: 'javascript:alert(1)' }, '링크 주소는 /로 시작하는 사이트 주소나 http(s) 주소로 입력해 주세요.'],
    ['a file that was never uploaded', { ...base, fileKey: 'nothing-here' }, '로고 그림을 다시 올려 주세요. 올린 그림 파일만 로고로 쓸 수 있습니다.'],
  ])('%s', async (_name, body, message) => {
    const before = await db().select().from(logos);
    const res = await call('save', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await db().select().from(logos)).toEqual(before);
  });

  it("refuses another member's upload and a file that is not a picture", async () => {
    const theirs = await uploadedFile(t, memberNo);
    const notImage = await uploadedFile(t, memberNo, { image: false, name: 'a.pdf', mime: 'application/pdf' });
    for (const fileKey of [theirs, notImage]) {
      const res = await call('save', { ...base, fileKey });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('로고 그림을 다시 올려 주세요. 올린 그림 파일만 로고로 쓸 수 있습니다.');
    }
  });

  it('refuses a logo that does not exist', async () => {
    expect((await call('activate', { id: 987_654, active: true })).statusCode).toBe(404);
    expect((await call('save', { ...base, id: 987_654 })).statusCode).toBe(404);
    const res = await call('delete', { id: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('로고를 찾을 수 없습니다.');
  });
});
