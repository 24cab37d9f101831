// Admin program and menu calls: who may call them, bad input, what the database holds after, the
// audit record, and that a menu save changes /api/menu/topMenu for everyone at once.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuGroupRow, MenuTree } from '../../../common/api/admin-menus.js';
import type { MenuEntry } from '../../../common/api/menu.js';
import { adminAudit, menus, programs } from '../../db/schema/index.js';
import { adminCookie, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

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
const call = (url: string, body: object, cookie?: string) => post(t, `/api/admin/${url}`, body, cookie);
const topMenu = async (cookie?: string) => (await post(t, '/api/menu/topMenu', {}, cookie)).json() as MenuEntry[];
const tree = async () => (await call('menu/list', {}, admin)).json() as MenuTree;
const lastAudit = async (kind: string) => (await db().select().from(adminAudit).where(eq(adminAudit.targetKind, kind)).orderBy(desc(adminAudit.id)).limit(1))[0];

/** The tree as menu/save takes it (no row ids). */
const input = (groups: MenuGroupRow[]) => groups.map(({ id: _g, items, ...g }) => ({ ...g, items: items.map(({ id: _i, ...i }) => i) }));

const expectRefused = async (url: string, body: object, message: string | RegExp) => {
  const res = await call(url, body, admin);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  if (typeof message === 'string') expect(res.json()).toEqual({ message });
  else expect(res.json().message).toMatch(message);
};

describe('who may call', () => {
  const calls: Array<[string, object]> = [
    ['program/list', {}],
    ['program/save', { id: 'nobody', name: '아무도', url: '/x', create: true }],
    ['program/delete', { id: 'board-free' }],
    ['menu/list', {}],
    ['menu/save', { groups: [{ label: '그룹', items: [] }] }],
    ['menu/order', { id: 1, index: 0 }],
    // Bad bodies too: the guard comes before the field rules.
    ['menu/save', { groups: [] }],
    ['program/save', { id: 'Bad Id' }],
  ];
  it.each(calls)('%s: visitors get 401, members 403, nothing changes', async (url, body) => {
    const before = await db().select().from(menus);
    const progs = await db().select().from(programs);
    const visitor = await call(url, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: '로그인이 필요합니다.' });
    const m = await call(url, body, memberCookie);
    expect(m.statusCode).toBe(403);
    expect(m.json()).toEqual({ message: '관리자만 사용할 수 있습니다.' });
    expect(await db().select().from(menus)).toEqual(before);
    expect(await db().select().from(programs)).toEqual(progs);
  });
});

describe('/api/admin/program/*', () => {
  it('lists programs 50 a page with how many menu entries use each, searches and sorts', async () => {
    const res = await call('program/list', {}, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageSize).toBe(50);
    expect(body.items).toContainEqual({ id: 'board-free', name: '자유게시판', url: '/board/free/c0/list', menuCount: 1 });
    const found = (await call('program/list', { search: '장터' }, admin)).json();
    expect(found.items.map((p: { id: string }) => p.id)).toEqual(['market']);
    const byName = (await call('program/list', { sort: 'name' }, admin)).json().items.map((p: { name: string }) => p.name);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    await expectRefused('program/list', { sort: 'menu' }, /.+/);
  });

  it('creates and edits a program, refuses a taken id, and records both', async () => {
    const created = await call('program/save', { id: 'board-club', name: '동호회 게시판', url: '/board/club/c0/list', create: true }, admin);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ id: 'board-club', name: '동호회 게시판', url: '/board/club/c0/list' });
    await expectRefused('program/save', { id: 'board-club', name: '다른 이름', url: '/x', create: true }, '프로그램 아이디 board-club은 이미 있습니다. 다른 아이디를 입력해 주세요.');
    const edited = await call('program/save', { id: 'board-club', name: '동호회', url: 'https://club.example.com/board' }, admin);
    expect(edited.statusCode).toBe(200);
    const [row] = await db().select().from(programs).where(eq(programs.id, 'board-club'));
    expect(row).toEqual({ id: 'board-club', name: '동호회', url: 'https://club.example.com/board' });
    const a = await lastAudit('program');
    expect(a).toMatchObject({ action: 'program.save', targetKey: 'board-club', before: { name: '동호회 게시판' }, after: { name: '동호회' } });
    await expectRefused('program/save', { id: 'nothing-here', name: '없음', url: '/x' }, '프로그램을 찾을 수 없습니다.');
  });

  it('refuses bad ids, names and urls with Korean messages', async () => {
    for (const [body, message] of [
      [{ id: 'Board_Free', name: '이름', url: '/x' }, '프로그램 아이디는 영문 소문자, 숫자와 -만 쓸 수 있습니다.'],
      [{ id: '', name: '이름', url: '/x' }, '프로그램 아이디를 입력해 주세요.'],
      [{ id: 'ok', name: ' ', url: '/x' }, '프로그램 이름을 입력해 주세요.'],
      [{ id: 'ok', name: '이름', url: 'board/free' }, '주소는 /로 시작하는 사이트 안 주소나 http(s)://로 시작하는 주소로 입력해 주세요.'],
      [{ id: 'ok', name: '이름', url: 'javascript:alert(1)' }, '주소는 /로 시작하는 사이트 안 주소나 http(s)://로 시작하는 주소로 입력해 주세요.'],
      [{ id: 'ok', name: '이름', url: '//evil.example' }, '주소는 /로 시작하는 사이트 안 주소나 http(s)://로 시작하는 주소로 입력해 주세요.'],
    ] as const) {
      await expectRefused('program/save', { ...body, create: true }, message);
    }
    expect(await db().select().from(programs).where(eq(programs.id, 'ok'))).toEqual([]);
  });

  it('refuses to delete a program a menu entry uses, deletes an unused one', async () => {
    await expectRefused('program/delete', { id: 'board-free' }, '메뉴 1곳에서 쓰고 있는 프로그램이라 지울 수 없습니다. 메뉴에서 먼저 빼 주세요.');
    expect(await db().select().from(programs).where(eq(programs.id, 'board-free'))).toHaveLength(1);
    await call('program/save', { id: 'temp-page', name: '임시', url: '/temp', create: true }, admin);
    const res = await call('program/delete', { id: 'temp-page' }, admin);
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(programs).where(eq(programs.id, 'temp-page'))).toEqual([]);
    expect(await lastAudit('program')).toMatchObject({ action: 'program.delete', targetKey: 'temp-page', before: { name: '임시' }, after: null });
    await expectRefused('program/delete', { id: 'temp-page' }, '프로그램을 찾을 수 없습니다.');
  });

  it('a renamed program shows in the top menu at once', async () => {
    await call('program/save', { id: 'market', name: '장터 게시판', url: '/market/c0/list' }, admin);
    expect(await topMenu()).toContainEqual(expect.objectContaining({ programId: 'market', programName: '장터 게시판' }));
    await call('program/save', { id: 'market', name: '중고장터', url: '/market/c0/list' }, admin);
    expect(await topMenu()).toContainEqual(expect.objectContaining({ programId: 'market', programName: '중고장터' }));
  });
});

describe('/api/admin/menu/*', () => {
  it('lists the tree as groups with their items, the programs and the keys the site keeps', async () => {
    const body = await tree();
    expect(body.groups.map((g) => g.label)).toEqual(['커뮤니티', '장터', '사진', '제품 정보', '정보']);
    expect(body.groups[0]!.items).toContainEqual(expect.objectContaining({ programId: 'board-free', shortKey: 'F', icon: 'pi pi-comment', target: '', visible: true }));
    expect(body.programs).toContainEqual({ id: 'help', name: '도움말', url: '/board/manual/c0/list' });
    expect(body.reservedKeys).toEqual([{ key: 'H', use: '홈으로 가기' }]);
  });

  it('save replaces the tree and /api/menu/topMenu changes for everyone at once', async () => {
    const anon = await topMenu(); // fills the per-node cache
    expect(anon.map((e) => e.programId)).not.toContain('help-2');
    await call('program/save', { id: 'help-2', name: '사용 안내', url: '/board/manual/c0/list', create: true }, admin);
    const groups = input((await tree()).groups);
    groups[0]!.items.push({ label: '안내', programId: 'help-2', shortKey: 'k', icon: 'pi pi-question', target: '', visible: true });
    const res = await call('menu/save', { groups }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().groups[0].items.at(-1)).toMatchObject({ label: '안내', programId: 'help-2', shortKey: 'K' });
    for (const who of [undefined, memberCookie, admin]) {
      expect(await topMenu(who)).toContainEqual({ groupYn: 'N', programId: 'help-2', programName: '안내', taget: '', shortKey: 'K', url: '/board/manual/c0/list', icon: 'pi pi-question' });
    }
    const a = await lastAudit('menu');
    expect(a).toMatchObject({ action: 'menu.save', targetKey: 'top' });
    expect(JSON.stringify(a!.before)).not.toContain('help-2');
    expect(JSON.stringify(a!.after)).toContain('help-2');
  });

  it('the top menu carries an ETag: unchanged it answers 304, after a save the new menu', async () => {
    const first = await post(t, '/api/menu/topMenu');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await post(t, '/api/menu/topMenu', {}, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const groups = input((await tree()).groups);
    groups[1]!.label = '중고 장터';
    await call('menu/save', { groups }, admin);
    const changed = await post(t, '/api/menu/topMenu', {}, undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as MenuEntry[]).map((e) => e.programName)).toContain('중고 장터');
  });

  it('hides invisible entries and keeps groups first with their items', async () => {
    const groups = input((await tree()).groups);
    groups[0]!.items[0]!.visible = false;
    groups.push({ label: '숨은 그룹', icon: '', visible: false, items: [{ label: '숨은 그룹의 메뉴', programId: 'donate', shortKey: '', icon: '', target: '_blank', visible: true }] });
    expect((await call('menu/save', { groups }, admin)).statusCode).toBe(200);
    const hidden = groups[0]!.items[0]!.programId;
    const entries = await topMenu();
    expect(entries.map((e) => e.programId)).not.toContain(hidden);
    expect(entries.map((e) => e.programName)).not.toContain('숨은 그룹');
    // A hidden group hides its items too (they would otherwise fall under the group before it).
    expect(entries.map((e) => e.programName)).not.toContain('숨은 그룹의 메뉴');
    // Still in the admin's tree.
    expect((await tree()).groups.at(-1)).toMatchObject({ label: '숨은 그룹', visible: false, items: [expect.objectContaining({ target: '_blank' })] });
  });

  it('refuses a shortKey clash naming the other entry, a reserved key, an unknown program, a bad icon', async () => {
    const before = await db().select().from(menus);
    const base = input((await tree()).groups);
    const withItem = (item: object) => {
      const groups = structuredClone(base);
      groups[1]!.items.push({ label: '', programId: 'help', shortKey: '', icon: '', target: '', visible: true, ...item });
      return { groups };
    };
    await expectRefused('menu/save', withItem({ shortKey: 'f' }), "단축키 F는 '자유게시판' 메뉴가 이미 쓰고 있습니다.");
    await expectRefused('menu/save', withItem({ shortKey: 'h' }), '단축키 H는 사이트가 이미 쓰는 키입니다(홈으로 가기).');
    await expectRefused('menu/save', withItem({ shortKey: 'ab' }), '단축키는 영문자나 숫자 한 글자로 입력해 주세요.');
    await expectRefused('menu/save', withItem({ shortKey: '가' }), '단축키는 영문자나 숫자 한 글자로 입력해 주세요.');
    await expectRefused('menu/save', withItem({ programId: 'no-such-page' }), '등록되지 않은 프로그램입니다: no-such-page. 프로그램 관리에서 먼저 등록해 주세요.');
    await expectRefused('menu/save', withItem({ programId: '' }), '메뉴 항목의 프로그램을 골라 주세요.');
    await expectRefused('menu/save', withItem({ icon: 'pi pi-not-an-icon' }), '아이콘은 목록에서 골라 주세요.');
    await expectRefused('menu/save', withItem({ icon: 'fa fa-home' }), '아이콘은 목록에서 골라 주세요.');
    await expectRefused('menu/save', withItem({ target: '_top' }), '여는 방식을 골라 주세요.');
    await expectRefused('menu/save', { groups: [] }, '그룹을 하나 이상 만들어 주세요.');
    await expectRefused('menu/save', { groups: [{ label: '', items: [] }] }, '그룹 이름을 입력해 주세요.');
    expect(await db().select().from(menus)).toEqual(before);
  });

  it('order moves a group with its items, and an item into another group', async () => {
    const start = await tree();
    const second = start.groups[1]!;
    const moved = await call('menu/order', { id: second.id, index: 0 }, admin);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as MenuTree).groups[0]).toEqual(second);
    const item = start.groups[0]!.items.find((i) => i.visible)!;
    const into = await call('menu/order', { id: item.id, groupId: second.id, index: 0 }, admin);
    const after = into.json() as MenuTree;
    expect(after.groups[0]!.items[0]).toEqual(item);
    expect(after.groups[1]!.items.map((i) => i.id)).not.toContain(item.id);
    // The public menu follows: the moved group comes first, the item under it.
    const entries = await topMenu();
    expect(entries[0]!.programName).toBe(second.label);
    expect(entries[1]!.programId).toBe(item.programId);
    expect(await lastAudit('menu')).toMatchObject({ action: 'menu.order', targetKey: String(item.id) });
    await expectRefused('menu/order', { id: second.id, groupId: start.groups[2]!.id, index: 0 }, '그룹은 다른 그룹 안에 넣을 수 없습니다.');
    await expectRefused('menu/order', { id: 999999, index: 0 }, '옮길 메뉴를 찾을 수 없습니다.');
    await expectRefused('menu/order', { id: item.id, groupId: 999999, index: 0 }, '옮겨 넣을 그룹을 찾을 수 없습니다.');
    await expectRefused('menu/order', { id: item.id, index: -1 }, '옮길 위치를 확인해 주세요.');
  });

  it('an entry keeps its audit trail tied to the admin', async () => {
    const rows = await db().select().from(adminAudit).where(and(eq(adminAudit.targetKind, 'menu'), eq(adminAudit.action, 'menu.save')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.actorNo > 0)).toBe(true);
  });
});
