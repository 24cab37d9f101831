// Two app nodes on one PostgreSQL database: a menu saved through node A reaches node B's top menu
// at once (B's per-node copy is dropped through the signals), not after B's 10-second cache time.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MenuTree } from '../../../common/api/admin-menus.js';
import type { MenuEntry } from '../../../common/api/menu.js';
import { adminCookie } from '../../test/boards.js';
import { nodesOnCopy, post, type TestApp } from '../../test/harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(inject('engine') === 'postgres')('menu save on two nodes', () => {
  let site: Awaited<ReturnType<typeof nodesOnCopy>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    site = await nodesOnCopy({ RATE_LIMIT: 'false' });
    a = await site.node();
    b = await site.node();
  });
  afterAll(() => site?.close());

  it("node B's top menu shows the entry saved on node A within a second", async () => {
    const cookie = await adminCookie(a);
    const onB = async () => ((await post(b, '/api/menu/topMenu')).json() as MenuEntry[]).map((e) => e.programName);
    expect(await onB()).not.toContain('새 메뉴 그룹'); // B now holds the menu in its cache
    const tree = (await post(a, '/api/admin/menu/list', {}, cookie)).json() as MenuTree;
    const groups = tree.groups.map(({ id: _g, items, ...g }) => ({ ...g, items: items.map(({ id: _i, ...i }) => i) }));
    groups.push({ label: '새 메뉴 그룹', icon: '', visible: true, items: [{ label: '', programId: 'help', shortKey: '', icon: '', target: '', visible: true }] });
    expect((await post(a, '/api/admin/menu/save', { groups }, cookie)).statusCode).toBe(200);
    const started = Date.now();
    while (!(await onB()).includes('새 메뉴 그룹')) {
      if (Date.now() - started > 1000) throw new Error('node B still shows the old menu');
      await sleep(20);
    }
  });
});
