// `tsx bench/site-search.ts [runs]`: the site search (decision 47) beside the board search on a
// database seeded with bench/seed-boards.ts (DATABASE_URL, or DATA_DIR's PGlite): the database's
// part of one call of each (through the read gate, no HTTP and no answer cache), the median and
// the slowest of `runs` after three unmeasured ones, for a word in about 5 % of the posts, a rare
// word and a phrase. The board search covers one board's newest posts; the site search every
// board's, the members and the products.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { createReadGate } from '../server/lib/read-gate.js';
import { searchPosts } from '../server/modules/boards/search-list.js';
import { VISITOR } from '../server/modules/posts/policy.js';
import { siteSearch } from '../server/modules/search/service.js';

const runs = Number(process.argv[2] ?? 20);
const config = loadConfig();
const database = config.databaseUrl
  ? await openDatabase({ url: config.databaseUrl, poolSize: 4 })
  : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
const gate = createReadGate(database, { poolSize: config.databasePoolSize, timeoutMs: config.search.timeoutMs });
const { db } = database;
const limits = config.search;

async function time(name: string, call: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await call();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await call();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)]!;
  console.log(`${name.padEnd(48)} median ${median.toFixed(1).padStart(6)} ms   slowest ${ms.at(-1)!.toFixed(1).padStart(6)} ms`);
}

try {
  console.log(`${database.kind}, ${runs} runs each`);
  for (const word of ['수국', '환영', '수국 사진']) {
    await time(`board search "${word}" (free, all fields)`, () =>
      searchPosts(db, gate, limits, VISITOR, { boardId: 'free', category: 'c0', page: 1, search: word, searchField: 'all' }),
    );
    await time(`site search "${word}", posts only`, () => siteSearch({ db, gate, limits }, VISITOR, { q: word, kind: 'post', page: 1 }, new Date()));
    await time(`site search "${word}", every kind`, () => siteSearch({ db, gate, limits }, VISITOR, { q: word, page: 1 }, new Date()));
    const r = await siteSearch({ db, gate, limits }, VISITOR, { q: word, page: 1 }, new Date());
    console.log(`  hits: ${r.groups.map((g) => `${g.kind} ${g.total}${g.capped ? '+' : ''}`).join(', ')}`);
  }
} finally {
  await gate.close();
  await database.close();
}
