// Admin community setup: who may call, the save (settings and levels), bad input, its audit
// record, sign-up closed, real-name rules, the public site info, and a save seen by a second node.
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminSetupInfo, AdminSetupSave } from '../../../common/api/admin-setup.js';
import { adminAudit, levels, users } from '../../db/schema/index.js';
import { adminCookie, member } from '../../test/boards.js';
import { login, nodesOnCopy, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { proofHeaders } from '../../test/spam.js';
import { cachedSettings } from './service.js';

let t: TestApp;
let admin: string;
let memberCookie: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  memberCookie = (await member(t)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const info = async (cookie = admin) => (await post(t, '/api/admin/setup/info', {}, cookie)).json() as AdminSetupInfo;
/** The form as the page sends it: the current values with some changed. */
async function form(change: (f: AdminSetupSave) => void = () => {}): Promise<AdminSetupSave> {
  const cur = await info();
  const f: AdminSetupSave = { settings: cur.settings, levels: cur.levels.map(({ members: _m, ...l }) => l) };
  change(f);
  return f;
}
const save = (body: unknown, cookie = admin) => post(t, '/api/admin/setup/save', body, cookie);
const lastAudit = async () =>
  (await db().select().from(adminAudit).where(eq(adminAudit.action, 'setup.save')).orderBy(desc(adminAudit.id)).limit(1))[0];

describe('who may call', () => {
  for (const url of ['/api/admin/setup/info', '/api/admin/setup/save']) {
    it(`${url}: visitors 401, members 403`, async () => {
      const body = url.endsWith('save') ? await form() : {};
      expect((await post(t, url, body)).statusCode).toBe(401);
      const res = await post(t, url, body, memberCookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('관리자만 사용할 수 있습니다.');
    });
  }
});

describe('/api/admin/setup/info', () => {
  it('answers the settings with their defaults and the levels in order', async () => {
    const res = await post(t, '/api/admin/setup/info', {}, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminSetupInfo;
    expect(body.settings.siteName).toBeTruthy();
    expect(body.settings.footerLinks[0]).toEqual({ label: 'ABOUT', url: '/board/site/view/6' });
    expect(body.levels.length).toBeGreaterThan(0);
    expect(body.levels[0]!.minPoints).toBe(0);
    const mins = body.levels.map((l) => l.minPoints);
    expect([...mins].sort((a, b) => a - b)).toEqual(mins);
  });
});

describe('/api/admin/setup/save', () => {
  it('saves the settings, adds, renames and removes levels, and audits before and after', async () => {
    const before = await info();
    const body = await form((f) => {
      f.settings.tagline = '함께 찍는 즐거움';
      f.settings.footerLinks = [{ label: '소개', url: '/board/site/view/6' }, { label: '블로그', url: 'https://example.com/blog' }];
      f.settings.points.post = 12;
      f.settings.emoticons = 'smile/웃음,wink/윙크';
      f.settings.realNameRequired = ['market'];
      f.levels[0]!.name = '새내기';
      f.levels.push({ name: '명예회원', minPoints: 999_999, canMarket: true });
    });
    const res = await save(body);
    expect(res.statusCode).toBe(200);
    const after = res.json() as AdminSetupInfo;
    expect(after.settings).toEqual(body.settings);
    expect(after.levels.map((l) => l.name)).toContain('새내기');
    expect(after.levels.at(-1)).toMatchObject({ name: '명예회원', minPoints: 999_999, canMarket: true });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ targetKind: 'setup', targetKey: 'community' });
    expect((audit!.before as { settings: { tagline: string } }).settings.tagline).toBe(before.settings.tagline);
    expect((audit!.after as { settings: { tagline: string } }).settings.tagline).toBe('함께 찍는 즐거움');

    // Removing the new level; a member on it moves to the level their points reach.
    const top = after.levels.at(-1)!;
    const m = await member(t);
    await db().update(users).set({ levelId: top.id, points: 0 }).where(eq(users.no, m.no));
    const res2 = await save(await form((f) => (f.levels = f.levels.filter((l) => l.id !== top.id))));
    expect(res2.statusCode).toBe(200);
    expect((await db().select().from(levels).where(eq(levels.id, top.id))).length).toBe(0);
    const [u] = await db().select({ levelId: users.levelId }).from(users).where(eq(users.no, m.no));
    const [zero] = await db().select().from(levels).orderBy(asc(levels.minPoints)).limit(1);
    expect(u!.levelId).toBe(zero!.id);
  });

  it('an unchanged form saves without an audit record', async () => {
    await post(t, '/api/admin/setup/save', await form((f) => (f.settings.tagline = '변경 없는 저장 시험')), admin);
    const count = async () => (await db().select().from(adminAudit).where(eq(adminAudit.action, 'setup.save'))).length;
    const before = await count();
    const res = await post(t, '/api/admin/setup/save', await form(), admin);
    expect(res.statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('swaps two levels\u2019 minimum points in one save', async () => {
    const body = await form((f) => {
      const [a, b] = f.levels.filter((l) => l.minPoints > 0);
      if (!a || !b) throw new Error('two levels above 0 expected');
      [a.minPoints, b.minPoints] = [b.minPoints, a.minPoints];
    });
    const res = await save(body);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['no level at 0', (f: AdminSetupSave) => (f.levels = f.levels.filter((l) => l.minPoints !== 0)), '최소 점수가 0인 등급이 하나 있어야 합니다.'],
    ['two levels with the same minimum', (f: AdminSetupSave) => (f.levels[1]!.minPoints = f.levels[0]!.minPoints), '등급의 최소 점수가 겹칩니다. 등급마다 다르게 입력해 주세요.'],
    ['an empty level name', (f: AdminSetupSave) => (f.levels[0]!.name = ' '), '등급 이름을 입력해 주세요.'],
    ['no levels', (f: AdminSetupSave) => (f.levels = []), '등급을 하나 이상 두어 주세요.'],
    ['an empty site name', (f: AdminSetupSave) => (f.settings.siteName = ''), '사이트 이름을 입력해 주세요.'],
    ['negative points', (f: AdminSetupSave) => (f.settings.points.comment = -1), '댓글 점수는 0 이상으로 입력해 주세요.'],
    ['a javascript: footer link', (f: AdminSetupSave) => (f.settings.footerLinks = [{ label: 'x', url: 'javascript:alert(1)' }]), '링크 주소는 /로 시작하는 사이트 주소나 http(s) 주소로 입력해 주세요.'],
    ['an unknown real-name feature', (f: AdminSetupSave) => (f.settings.realNameRequired = ['everything' as never]), '실명 확인 기능을 확인해 주세요.'],
    ['a broken emoticon list', (f: AdminSetupSave) => (f.settings.emoticons = 'smile'), '이모티콘은 "키/이름"을 쉼표로 나누어 입력해 주세요. 예: smile/웃음,wink/윙크'],
    ['a level id that does not exist', (f: AdminSetupSave) => (f.levels[0]!.id = 987_654), '없는 등급입니다. 화면을 새로 고친 뒤 다시 시도해 주세요.'],
  ])('refuses %s and changes nothing', async (_name, change, message) => {
    const before = await info();
    const audits = (await db().select().from(adminAudit)).length;
    const res = await save(await form(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await info()).toEqual(before);
    expect((await db().select().from(adminAudit)).length).toBe(audits);
  });

  it('closing sign-up makes the join call refuse with a Korean message', async () => {
    expect((await save(await form((f) => (f.settings.joinOpen = false)))).statusCode).toBe(200);
    try {
      const k = Date.now().toString(36).slice(-6);
      const res = await post(t, '/api/public/join', {
        userId: `closed_${k}`,
        password: 'secret-pass-1',
        rePassword: 'secret-pass-1',
        nickName: `닫힘${k}`,
        email: `closed_${k}@example.com`,
        question: '처음 쓴 카메라는?',
        answer: 'Nikon FM2',
        agree: 'Y',
      }, undefined, await proofHeaders(t, 'join'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: '지금은 회원 가입을 받지 않습니다.' });
    } finally {
      await save(await form((f) => (f.settings.joinOpen = true)));
    }
  });

  it('real-name rules refuse unverified members for posting and letters, and drop the cached settings at once', async () => {
    const writer = await member(t);
    const reader = await member(t);
    // The read path's per-node copy is warm before the save.
    await cachedSettings(db());
    expect((await save(await form((f) => (f.settings.realNameRequired = ['board-write', 'letters'])))).statusCode).toBe(200);
    try {
      const p = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>' }, writer.cookie);
      expect(p.statusCode).toBe(403);
      expect(p.json().message).toBe('글을 쓰려면 먼저 실명 인증을 해 주세요. 내 정보에서 인증할 수 있습니다.');
      const l = await post(t, '/api/letter/send/save', { receiver: reader.userId, subject: '제목', content: '내용' }, writer.cookie);
      expect(l.statusCode).toBe(403);
      expect(l.json().message).toBe('쪽지를 보내려면 먼저 실명 인증을 해 주세요. 내 정보에서 인증할 수 있습니다.');
      // A verified member passes.
      await db().update(users).set({ real: true }).where(eq(users.no, writer.no));
      const fresh = await login(t, writer.userId, writer.password);
      expect((await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>' }, fresh)).statusCode).toBe(200);
    } finally {
      await save(await form((f) => (f.settings.realNameRequired = [])));
    }
  });
});

describe('/api/session/site', () => {
  it('answers the saved tagline and footer links to visitors', async () => {
    await save(await form((f) => ((f.settings.tagline = '사진으로 잇는 우리'), (f.settings.footerLinks = [{ label: '후원', url: '/donate/thanks' }]))));
    const res = await post(t, '/api/session/site');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tagline: '사진으로 잇는 우리', footerLinks: [{ label: '후원', url: '/donate/thanks' }] });
  });
});

describe.runIf(inject('engine') === 'postgres')('on two nodes', () => {
  let nodes: Awaited<ReturnType<typeof nodesOnCopy>>;
  beforeAll(async () => {
    nodes = await nodesOnCopy({ RATE_LIMIT: 'false' });
  });
  afterAll(() => nodes?.close());

  it('a setting saved on one node is seen by the other without a restart', async () => {
    const a = await nodes.node();
    const b = await nodes.node();
    const site = async (n: TestApp) => (await post(n, '/api/session/site')).json() as { tagline: string };
    // Node b holds the settings in its per-node copy before the save.
    expect((await site(b)).tagline).not.toBe('두 노드의 한 줄');
    const cookie = await login(a, TEST_ADMIN.userId, TEST_ADMIN.password);
    const cur = (await post(a, '/api/admin/setup/info', {}, cookie)).json() as AdminSetupInfo;
    const body = { settings: { ...cur.settings, tagline: '두 노드의 한 줄' }, levels: cur.levels.map(({ members: _m, ...l }) => l) };
    expect((await post(a, '/api/admin/setup/save', body, cookie)).statusCode).toBe(200);
    const started = Date.now();
    while ((await site(b)).tagline !== '두 노드의 한 줄') {
      if (Date.now() - started > 3000) throw new Error('node b still has the old tagline');
      await new Promise((r) => setTimeout(r, 25));
    }
  });
});
