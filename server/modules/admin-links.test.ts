// Links an administrator sets (menu programs, footer links, logo links) are judged by the URL
// parser (common/content/urls.ts linkKind): a path of this site or an http(s) address, never
// another host in disguise ("/\evil", "//evil"). One stored before that rule is not served.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSetupInfo, AdminSetupSave } from '../../common/api/admin-setup.js';
import type { MenuEntry } from '../../common/api/menu.js';
import { logos, programs, settings } from '../db/schema/index.js';
import { adminCookie, member } from '../test/boards.js';
import { post, testApp, type TestApp } from '../test/harness.js';
import { forgetSettings } from './community/service.js';

/** Each of these leads a browser off the site or runs script; none is accepted. */
const BAD = ['/\\evil.example', '\\\\evil.example', '//evil.example', '/\t/evil.example', '/\n/evil.example', 'https:evil.example', 'javascript:alert(1)', 'board/free/c0/list'];
/** A path of ours, an encoded backslash inside one of our paths, another site. */
const GOOD = ['/board/free/c0/list', '/%5Cevil', 'https://example.com'];
const PROGRAM_MSG = '주소는 /로 시작하는 사이트 안 주소나 http(s)://로 시작하는 주소로 입력해 주세요.';
const LINK_MSG = '링크 주소는 /로 시작하는 사이트 주소나 http(s) 주소로 입력해 주세요.';

let t: TestApp;
let admin: string;
let memberCookie: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  memberCookie = (await member(t)).cookie;
});
afterAll(() => t.close());

const db = () => t.database.db;
const call = (url: string, body: object, cookie = admin) => post(t, `/api/admin/${url}`, body, cookie);

async function setupForm(change: (f: AdminSetupSave) => void) {
  const cur = (await call('setup/info', {})).json() as AdminSetupInfo;
  const f: AdminSetupSave = { settings: cur.settings, levels: cur.levels.map(({ members: _m, ...l }) => l) };
  change(f);
  return f;
}

async function logoFile() {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie: admin } });
  return res.json().fileKey as string;
}

describe('program addresses', () => {
  it.each(BAD)('refuses %j', async (url) => {
    const res = await call('program/save', { id: 'link-test', name: '시험', url, create: true });
    expect(res.json()).toEqual({ message: PROGRAM_MSG });
    expect(res.statusCode).toBe(400);
  });

  it.each(GOOD)('takes %j', async (url) => {
    const res = await call('program/save', { id: 'link-ok', name: '시험', url, create: true });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select().from(programs).where(eq(programs.id, 'link-ok'));
    expect(row!.url).toBe(url);
    await call('program/delete', { id: 'link-ok' });
  });

  it('a member cannot save one', async () => {
    expect((await call('program/save', { id: 'link-x', name: '시험', url: '/x', create: true }, memberCookie)).statusCode).toBe(403);
  });
});

describe('footer links', () => {
  it.each(BAD)('refuses %j', async (url) => {
    const res = await call('setup/save', await setupForm((f) => (f.settings.footerLinks = [{ label: '소개', url }])));
    expect(res.json()).toEqual({ message: LINK_MSG });
    expect(res.statusCode).toBe(400);
  });

  it('takes a site path and an http(s) address', async () => {
    const links = GOOD.map((url, i) => ({ label: `링크${i}`, url }));
    const res = await call('setup/save', await setupForm((f) => (f.settings.footerLinks = links)));
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(t, '/api/session/site', {})).json().footerLinks).toEqual(links);
  });
});

describe('logo links', () => {
  const base = { kind: 'second', name: '시험 로고', year: '', startsOn: null, endsOn: null };

  it.each(BAD)('refuses %j', async (imageUrl) => {
    const res = await call('logo/save', { ...base, fileKey: 'k', imageUrl });
    expect(res.json()).toEqual({ message: LINK_MSG });
    expect(res.statusCode).toBe(400);
  });

  it('takes none, a site path and an http(s) address', async () => {
    for (const imageUrl of ['', ...GOOD]) {
      const res = await call('logo/save', { ...base, fileKey: await logoFile(), imageUrl });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await db().select().from(logos).where(eq(logos.id, res.json().id));
      expect(row!.imageUrl).toBe(imageUrl);
    }
  });
});

describe('a link stored before the rule is not served', () => {
  it('the menu leaves out an entry whose program points off the site', async () => {
    await db().insert(programs).values([
      { id: 'old-evil', name: '옛 링크', url: '/\\evil.example' },
      { id: 'old-good', name: '좋은 링크', url: '/board/free/c0/list' },
    ]);
    const saved = await call('menu/save', {
      groups: [{ label: '그룹', items: [{ programId: 'old-evil' }, { programId: 'old-good' }] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const entries = (await post(t, '/api/menu/topMenu', {})).json() as MenuEntry[];
    expect(entries.map((e) => e.programId)).toEqual(['', 'old-good']);
  });

  it('the footer leaves the link out and the logo links nowhere', async () => {
    const [row] = await db().select().from(settings).where(eq(settings.key, 'community'));
    const value = { ...(row!.value as object), footerLinks: [{ label: '나쁜', url: '//evil.example' }, { label: '좋은', url: '/board/free/c0/list' }] };
    await db().update(settings).set({ value }).where(eq(settings.key, 'community'));
    forgetSettings(db());
    expect((await post(t, '/api/session/site', {})).json().footerLinks).toEqual([{ label: '좋은', url: '/board/free/c0/list' }]);

    const { id } = (await call('logo/save', { kind: 'second', name: '옛 로고', year: '', startsOn: null, endsOn: null, fileKey: await logoFile(), imageUrl: '' })).json();
    await db().update(logos).set({ imageUrl: '/\\evil.example' }).where(eq(logos.id, id));
    expect((await call('logo/activate', { id, active: true })).statusCode).toBe(200);
    const logo = (await post(t, '/api/session/logo', {})).json();
    expect(logo).toMatchObject({ name: '옛 로고', imageUrl: '' });
  });
});
