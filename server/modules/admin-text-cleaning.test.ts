// The members' text rules on every admin save (common/validation.ts nameText and optionalText):
// bidi controls never reach the database, and a name of invisible characters only is refused
// with a message naming the field. See text-cleaning.test.ts for the members' own writes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuTree } from '../../common/api/admin-menus.js';
import type { AdminSetupInfo, AdminSetupSave } from '../../common/api/admin-setup.js';
import { adminAudit, boardCategories, boards, donations, logos, marketItems, menus, productMaps, products, programs, todayPhotos } from '../db/schema/index.js';
import { adminCookie, createPost, member } from '../test/boards.js';
import { createGallery } from '../test/gallery.js';
import { post, testApp, type TestApp } from '../test/harness.js';
import { createItem, seller } from '../test/market.js';

/** Every bidi control: embeddings, overrides and isolates. */
const BIDI = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
/** Shows nothing: zero-width space and joiner, the Hangul fillers U+3164, U+115F, U+1160, U+FFA0, spaces. */
const BLANK = ' \u200B\u3164\u115F\u1160\uFFA0\u200D\u3000 ';

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
const save = (url: string, body: object, cookie = admin) => post(t, `/api/admin/${url}`, body, cookie);
async function saved(url: string, body: object) {
  const res = await save(url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function refused(url: string, body: object, message: string) {
  const res = await save(url, body);
  expect(res.json()).toEqual({ message });
  expect(res.statusCode).toBe(400);
}

describe('a member cannot reach these saves', () => {
  it.each(['board/save', 'program/save', 'menu/save', 'setup/save', 'logo/save', 'donate/save', 'product/save', 'product-map/save'])('%s: 403', async (url) => {
    const res = await save(url, { name: `이름${BIDI}` }, memberCookie);
    expect(res.statusCode).toBe(403);
  });
});

describe('boards', () => {
  const board = (over: object) => ({ id: 'clean-board', name: '게시판', readLevel: 0, writeLevel: 1, commentLevel: 1, categories: [{ name: '사진' }], ...over });

  it('name, description and category names lose their bidi controls', async () => {
    await saved('board/save', board({ name: `동호회${BIDI} 게시판`, description: `설명${BIDI}입니다`, categories: [{ name: `풍경${BIDI}` }] }));
    const [row] = await db().select().from(boards).where(eq(boards.id, 'clean-board'));
    expect(row).toMatchObject({ name: '동호회 게시판', description: '설명입니다' });
    const cats = await db().select().from(boardCategories).where(eq(boardCategories.boardId, 'clean-board'));
    expect(cats.map((c) => c.name)).toEqual(['풍경']);
  });

  it('a name or category of invisible characters only is refused', async () => {
    await refused('board/save', board({ id: 'blank-board', name: BLANK }), '게시판 이름을 입력해 주세요.');
    await refused('board/save', board({ id: 'blank-board', categories: [{ name: BLANK }] }), '분류 이름을 입력해 주세요.');
  });
});

describe('programs and the menu', () => {
  it('a program name loses its bidi controls; invisible only is refused', async () => {
    await saved('program/save', { id: 'clean-page', name: `안내${BIDI} 페이지`, url: '/board/free/c0/list', create: true });
    const [row] = await db().select().from(programs).where(eq(programs.id, 'clean-page'));
    expect(row!.name).toBe('안내 페이지');
    await refused('program/save', { id: 'blank-page', name: BLANK, url: '/x', create: true }, '프로그램 이름을 입력해 주세요.');
  });

  it('menu labels lose their bidi controls; a blank item label falls back to the program; a blank group is refused', async () => {
    const tree = (await saved('menu/save', {
      groups: [
        {
          label: `모임${BIDI}`,
          items: [
            { label: `자유${BIDI}게시판`, programId: 'clean-page' },
            { label: BLANK, programId: 'clean-page' },
          ],
        },
      ],
    })) as MenuTree;
    expect(tree.groups[0]!.label).toBe('모임');
    expect(tree.groups[0]!.items.map((i) => i.label)).toEqual(['자유게시판', '']);
    const rows = await db().select({ label: menus.label }).from(menus);
    expect(rows.map((r) => r.label ?? '').join('')).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\u3164]/);
    await refused('menu/save', { groups: [{ label: BLANK, items: [] }] }, '그룹 이름을 입력해 주세요.');
  });
});

describe('community setup', () => {
  async function form(change: (f: AdminSetupSave) => void) {
    const cur = (await (await save('setup/info', {})).json()) as AdminSetupInfo;
    const f: AdminSetupSave = { settings: cur.settings, levels: cur.levels.map(({ members: _m, ...l }) => l) };
    change(f);
    return f;
  }

  it('site name, tagline, link labels, level names and emoticon names lose their bidi controls', async () => {
    const info = (await saved(
      'setup/save',
      await form((f) => {
        f.settings.siteName = `찰칵${BIDI}`;
        f.settings.tagline = `함께${BIDI} 찍어요`;
        f.settings.footerLinks = [{ label: `소개${BIDI}`, url: '/board/site/view/6' }];
        f.settings.emoticons = `smile/웃음${BIDI}`;
        f.levels[0]!.name = `새내기${BIDI}`;
      }),
    )) as AdminSetupInfo;
    expect(info.settings).toMatchObject({ siteName: '찰칵', tagline: '함께 찍어요', footerLinks: [{ label: '소개', url: '/board/site/view/6' }], emoticons: 'smile/웃음' });
    expect(info.levels[0]!.name).toBe('새내기');
  });

  it.each([
    ['site name', (f: AdminSetupSave) => (f.settings.siteName = BLANK), '사이트 이름을 입력해 주세요.'],
    ['link label', (f: AdminSetupSave) => (f.settings.footerLinks = [{ label: BLANK, url: '/x' }]), '링크 이름을 입력해 주세요.'],
    ['level name', (f: AdminSetupSave) => (f.levels[0]!.name = BLANK), '등급 이름을 입력해 주세요.'],
    ['emoticon name', (f: AdminSetupSave) => (f.settings.emoticons = `smile/${BLANK}`), '이모티콘은 "키/이름"을 쉼표로 나누어 입력해 주세요. 예: smile/웃음,wink/윙크'],
  ])('a %s of invisible characters only is refused', async (_label, change, message) => {
    await refused('setup/save', await form(change), message);
  });

  it('a tagline of invisible characters only is stored empty', async () => {
    const info = (await saved('setup/save', await form((f) => (f.settings.tagline = BLANK)))) as AdminSetupInfo;
    expect(info.settings.tagline).toBe('');
  });
});

describe('logos', () => {
  async function upload() {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie: admin } });
    return res.json().fileKey as string;
  }
  const base = { kind: 'second', imageUrl: '', startsOn: null, endsOn: null };

  it('name and year lose their bidi controls; a name of invisible characters only is refused', async () => {
    const { id } = await saved('logo/save', { ...base, fileKey: await upload(), name: `설날${BIDI} 로고`, year: `2027${BIDI}` });
    const [row] = await db().select().from(logos).where(eq(logos.id, id));
    expect(row).toMatchObject({ name: '설날 로고', year: '2027' });
    await refused('logo/save', { ...base, fileKey: await upload(), name: BLANK, year: '' }, '로고 이름(풍선 도움말)을 입력해 주세요.');
  });
});

describe('donations', () => {
  const base = { donorKind: 'name', amount: 10000, donatedOn: '2025-03-01', message: '' };

  it('donor name and message lose their bidi controls; a donor name of invisible characters only is refused', async () => {
    const { id } = await saved('donate/save', { ...base, donorName: `김${BIDI}후원`, message: `감사${BIDI}합니다` });
    const [row] = await db().select().from(donations).where(eq(donations.id, id));
    expect(row).toMatchObject({ donorName: '김후원', message: '감사합니다' });
    await refused('donate/save', { ...base, donorName: BLANK }, '후원자는 필수 입력 항목입니다.');
  });
});

describe('products and product maps', () => {
  const product = (over: object) => ({ type: 'lens', company: 'other', brand: 'Sigma', name: '정리 시험 렌즈', ...over });

  it('names, maker, mount, specs and EXIF names lose their bidi controls', async () => {
    const { key } = await saved(
      'product/save',
      product({
        brand: `Sig${BIDI}ma`,
        name: `Art${BIDI} 35mm`,
        nameKo: `아트${BIDI} 35mm`,
        mount: `L${BIDI}`,
        exifMake: `SIGMA${BIDI}`,
        exifNames: [`35mm F1.4 DG${BIDI}`],
        specs: [{ label: `무게${BIDI}`, value: `640${BIDI}g` }],
      }),
    );
    const [row] = await db().select().from(products).where(eq(products.key, key));
    expect(row).toMatchObject({ brand: 'Sigma', name: 'Art 35mm', nameKo: '아트 35mm', mount: 'L', exifMake: 'SIGMA', exifNames: ['35mm F1.4 DG'], specs: [{ label: '무게', value: '640g' }] });

    const { id } = await saved('product-map/save', { pattern: `art${BIDI} 35`, productKey: key, note: `메모${BIDI}` });
    const [map] = await db().select().from(productMaps).where(eq(productMaps.id, id));
    expect(map).toMatchObject({ pattern: 'art 35', note: '메모' });
  });

  it.each([
    ['maker name', { brand: BLANK }, '제조사 이름을 입력해 주세요.'],
    ['product name', { name: BLANK }, '제품 이름을 입력해 주세요.'],
    ['EXIF name', { exifNames: [BLANK] }, 'EXIF 이름을 입력해 주세요.'],
    ['spec label', { specs: [{ label: BLANK, value: '1' }] }, '항목 이름을 입력해 주세요.'],
    ['spec value', { specs: [{ label: '무게', value: BLANK }] }, '항목 값을 입력해 주세요.'],
  ])('a %s of invisible characters only is refused', async (_label, over, message) => {
    await refused('product/save', product(over), message);
  });

  it('a map rule of invisible characters only is refused', async () => {
    await refused('product-map/save', { pattern: BLANK, productKey: 'x' }, '규칙을 입력해 주세요.');
  });
});

describe("an administrator's reasons and notes", () => {
  it('a market cancel reason loses its bidi controls; a reason of invisible characters only is refused', async () => {
    const key = await createItem(t, await seller(t));
    const cancel = (reason: string) => post(t, '/api/market/status', { key, status: 'cancelled', reason }, admin);
    const blank = await cancel(BLANK);
    expect(blank.json()).toEqual({ message: '취소 사유를 입력해 주세요.' });
    expect(blank.statusCode).toBe(400);
    expect((await cancel(`중복${BIDI} 등록`)).statusCode).toBe(200);
    const [row] = await db().select({ cancelReason: marketItems.cancelReason }).from(marketItems).where(eq(marketItems.postKey, key));
    expect(row!.cancelReason).toBe('중복 등록');
  });

  it("today's photo note loses its bidi and control characters", async () => {
    const galleryKey = await createGallery(t, memberCookie);
    await saved('today/save', { date: '2026-11-27', galleryKey, note: `오늘의${BIDI}\u0007\u001b 사진` });
    const [row] = await db().select({ note: todayPhotos.note }).from(todayPhotos).where(eq(todayPhotos.day, '2026-11-27'));
    expect(row!.note).toBe('오늘의 사진');
  });

  it("a report's resolution note loses its bidi controls", async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie);
    const report = await post(t, '/api/report/save', { kind: 'post', key, reason: '광고' }, memberCookie);
    expect(report.statusCode, report.body).toBe(200);
    const res = await post(t, '/api/admin/report/resolve', { id: report.json().id, outcome: 'hide', note: `광고${BIDI} 글` }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select({ after: adminAudit.after }).from(adminAudit).where(eq(adminAudit.targetKey, String(key)));
    expect(row!.after).toMatchObject({ note: '광고 글' });
  });
});
