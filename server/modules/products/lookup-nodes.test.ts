// Two app nodes on one PostgreSQL database: a product write on one node reaches the other's
// in-memory product index through the signals (LISTEN/NOTIFY).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { products } from '../../db/schema/index.js';
import { nodesOnCopy, post, type TestApp } from '../../test/harness.js';
import { productsChanged } from './product-index.js';
import { productSearchText } from './search-text.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, withinMs: number) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await sleep(25);
  }
}

describe.runIf(inject('engine') === 'postgres')('the product index on two nodes', () => {
  let site: Awaited<ReturnType<typeof nodesOnCopy>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    site = await nodesOnCopy();
    a = await site.node();
    b = await site.node();
  });
  afterAll(() => site?.close());

  const search = async (t: TestApp, q: string) => (await post(t, '/api/product/search', { q })).json().items as Array<{ key: string }>;

  it('a product saved on one node is found on the other', async () => {
    // Both nodes hold their index before the write.
    expect(await search(a, 'Hypothetica N2')).toEqual([]);
    expect(await search(b, 'Hypothetica N2')).toEqual([]);
    const p = { brand: 'Hypothetica', name: 'N2', exifNames: ['HYPO N2'] };
    await a.database.db.insert(products).values({
      ...p,
      key: 'test-hypothetica-n2',
      source: 'admin',
      type: 'body',
      company: 'other',
      exifMake: 'Hypothetica',
      searchText: productSearchText(p),
    });
    productsChanged(a.database.db);
    expect((await search(a, 'Hypothetica N2'))[0]?.key).toBe('test-hypothetica-n2');
    await until(async () => (await search(b, 'Hypothetica N2'))[0]?.key === 'test-hypothetica-n2', 5000);
    const match = await post(b, '/api/product/match', { make: 'HYPOTHETICA', model: 'HYPO N2' });
    expect(match.json().camera?.key).toBe('test-hypothetica-n2');
  });
});
