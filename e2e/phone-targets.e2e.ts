// Every route at phone width on a touch screen, as a visitor, a member and the administrator: no
// target a thumb cannot hit and nothing past the screen's edge (e2e/target-audit.ts), and no English
// label in what only phones show, such as the drawer and the filter sheets (e2e/korean-words.ts).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch, loginByApi, newPage, PHONE } from './browser.js';
import { watchLabels } from './korean-words.js';
import { filledRoutes, makeSample, open, type Sample } from './route-walk.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
let sample: Sample;

beforeAll(async () => {
  browser = await launch();
  sample = await makeSample(browser);
}, 60_000);
afterAll(() => browser?.close());

async function walk(role: string, context: BrowserContext, page: Page): Promise<string[]> {
  const labels = watchLabels(page);
  const found: string[] = [];
  for (const path of filledRoutes(sample)) {
    labels.reset();
    await open(page, path);
    for (const f of await auditTargets(page)) found.push(`${role} ${path}: ${f.kind} ${f.what} ${f.width}×${f.height}`);
    for (const f of await labels.english()) found.push(`${role} ${path}: English ${f}`);
  }
  await context.close();
  return found;
}

it('every route at 360 px has targets a thumb can hit, nothing past the edge and Korean labels', { timeout: 240_000 }, async () => {
  const visitor = await newPage(browser, PHONE, { touch: true });
  const member = await newPage(browser, PHONE, { touch: true });
  await loginByApi(member.page, sample.member.userId, sample.member.password);
  const admin = await newPage(browser, PHONE, { touch: true });
  await loginByApi(admin.page, 'admin', inject('adminPassword'));
  const found = (await Promise.all([walk('visitor', visitor.context, visitor.page), walk('member', member.context, member.page), walk('admin', admin.context, admin.page)])).flat();
  if (process.env.AUDIT_OUT) (await import('node:fs')).writeFileSync(process.env.AUDIT_OUT, found.join('\n'));
  expect([...new Set(found)]).toEqual([]);
});
