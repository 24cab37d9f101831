// The market benchmark database: members (bench/seed.ts), 20,000 market items in every category,
// status and region, and 5,000 sold items of one product (the trace measured), written in bulk
// INSERT … SELECT statements over generate_series (bench/run-market.ts uses it). Items are the
// posts of board 'market' plus their market_items rows, as the market service writes them; their
// search columns come from server/modules/posts/search.ts (one subject template per item).
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { rebuildPageChunks } from '../server/modules/posts/page-chunks.js';
import { rebuildSearchSlices } from '../server/modules/posts/search-slices.js';
import { searchColumns } from '../server/modules/posts/search.js';
import { REGION_CODES } from '../common/api/market.js';
import { seedBench } from './seed.js';

export interface MarketSeedSize {
  members: number;
  items: number;
  /** Sold items of the traced product. */
  traced: number;
}

export const MARKET_SIZE: MarketSeedSize = { members: 20_000, items: 20_000, traced: 5_000 };
/** The product whose trace is measured (in the bundled catalogue). */
export const TRACED_PRODUCT = 'nikon-d850';

const SUBJECTS = ['니콘 D850 바디 판매', '캐논 R6 급처', '소니 24-70 GM 렌즈', '후지 X100V 실버', '고독스 플래시', '삼각대 팝니다', '라이카 M6 필름', '리코 GR3 풀박스'];

export async function seedMarket(env: Record<string, string>, size: MarketSeedSize): Promise<{ userId: string }> {
  const { userId } = await seedBench(env, size.members);
  const config = loadConfig(env);
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  try {
    const db = database.db;
    // One subject template per item by its number; its search columns computed once here.
    const templates = SUBJECTS.map((s) => ({ subject: s, ...searchColumns('', s, `${s} 상태 좋습니다.`, '회원') }));
    const subjects = sql.raw(`array[${templates.map((t) => `'${t.subject}'`).join(',')}]`);
    const texts = sql.raw(`array[${templates.map((t) => `'${t.searchText.replace(/'/g, "''").replace(/\n/g, "' || chr(10) || '")}'`).join(',')}]`);
    const grams = templates.map((t) => `array[${t.searchBigrams.map((g) => `'${g.replace(/'/g, "''")}'`).join(',')}]::text[]`);
    const regions = sql.raw(`array[${REGION_CODES.map((r) => `'${r}'`).join(',')}]`);
    const total = size.items + size.traced;
    // Posts first (their keys follow the series), then the rows that make them items.
    await db.execute(sql`
      insert into posts (board_id, category, user_no, nick_name, subject, content, has_image, search_text, search_bigrams, created_at, updated_at)
      select 'market', 'c' || (1 + i % 6), 1 + i % ${size.members}::int, '회원' || (1 + i % ${size.members}::int),
        (${subjects})[1 + i % ${templates.length}], '<p>상태 좋습니다.</p>', true,
        (${texts})[1 + i % ${templates.length}],
        case ${sql.raw(grams.map((g, k) => `when i % ${templates.length} = ${k} then ${g}`).join(' '))} end,
        now() - (i * interval '3 minutes'), now() - (i * interval '3 minutes')
      from generate_series(1, ${total}::int) i`);
    await db.execute(sql`
      with numbered as (select key, row_number() over (order by key) as i from posts where board_id = 'market')
      insert into market_items (post_key, seller_no, category, price, condition, trade_method, region, product_id, status, sold_price, sold_at, bumped_at, created_at)
      select n.key, p.user_no, p.category,
        (50 + (n.i * 7919) % 3000) * 1000,
        (array['new','S','A','B','C'])[1 + n.i % 5], (array['direct','delivery','both'])[1 + n.i % 3],
        (${regions})[1 + n.i % ${REGION_CODES.length}],
        case when n.i > ${size.items}::int then (select id from products where key = ${TRACED_PRODUCT}) end,
        case when n.i > ${size.items}::int then 'sold' when n.i % 5 = 0 then 'sold' when n.i % 7 = 0 then 'reserved' else 'selling' end,
        case when n.i > ${size.items}::int or n.i % 5 = 0 then (1500 + (n.i * 31) % 1000) * 1000 end,
        case when n.i > ${size.items}::int or n.i % 5 = 0 then now() - ((n.i % 730) * interval '1 day') end,
        p.created_at, p.created_at
      from numbered n join posts p on p.key = n.key`);
    await rebuildPageChunks(db, 'market');
    // The tokens above have no slice yet: the market's posts are cut into slices and prefixed.
    await rebuildSearchSlices(db, { boardId: 'market' });
    await db.execute(sql`analyze`);
    return { userId };
  } finally {
    await database.close();
  }
}
