// Two app nodes on one PostgreSQL database: a menu saved through node A reaches node B's top menu
// at once (B's per-node copy is dropped through the signals), not after B's 10-second cache time.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MenuTree } from '../../../common/api/admin-menus.js';
import type { MenuEntry } from '../../../common/api/menu.js';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { testConfig } from '../../test/config.js';
import { copyPostgresDatabase, post, type TestApp } from '../../test/harness.js';
import { adminCookie } from '../boards/test-helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(inject('engine') === 'postgres')('menu save on two nodes', () => {
  let copy: Awaited<ReturnType<typeof copyPostgresDatabase>>;
  const databases: Database[] = [];
  let a: TestApp;
  let b: TestApp;

  async function node(): Promise<TestApp> {
    const database = await openDatabase({ url: copy.url, poolSize: 4 });
    databases.push(database);
    const app = await buildApp(testConfig({ RATE_LIMIT: 'false' }), { database, logger: false });
    await app.ready();
    for (let i = 0; i < 250 && !app.ctx.answers.enabled; i++) await sleep(20);
    return { app, database, close: () => app.close() };
  }

  beforeAll(async () => {
    copy = await copyPostgresDatabase();
    a = await node();
    b = await node();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const d of databases) await d.close();
    await copy?.drop();
  });

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
