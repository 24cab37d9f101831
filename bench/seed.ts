// Prepares the bench database: migrations, first start, then many members in one SQL statement.
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { type Database, openDatabase } from '../server/db/client.js';
import { firstStart } from '../server/db/first-start.js';
import { hashPassword } from '../server/lib/passwords.js';
import { createSealer, loadKey } from '../server/lib/secret.js';
import { nickSkeleton } from '../server/modules/users/nick-names.js';

export const BENCH_PASSWORD = 'bench-pass-1';

/**
 * Seeds the database the server will use (same environment) and returns the userId of a member
 * in the middle of the ranking: their levelKey counts about half the table, a typical case.
 */
export async function seedBench(env: Record<string, string>, members: number): Promise<{ userId: string; rank: number }> {
  const config = loadConfig(env);
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  try {
    await database.migrate(config.migrationsDir);
    const sealer = createSealer(loadKey(config.appSecret, config.dataDir).key);
    await firstStart(database.db, config, sealer, { info: () => {}, warn: () => {} });
    // One real argon2 hash shared by everyone: hashing 20,000 passwords would take minutes.
    const hash = await hashPassword(BENCH_PASSWORD);
    // Points skewed like a real club: most members have few, a handful have very many.
    await database.db.execute(sql`
      insert into users (user_id, password_hash, nick_name, email, points, level_id, join_date)
      select 'bench' || lpad(i::text, 6, '0'), ${hash}, '회원' || i, 'bench' || i || '@bench.invalid', p,
             (select id from levels where min_points <= p order by min_points desc limit 1),
             now() - (random() * 1000) * interval '1 day'
      from (select i, floor(power(random(), 3) * 30000)::int as p from generate_series(1, ${members}::int) i) s`);
    // Their look-alike keys, as sign-up sets them: otherwise the server's first start fills them one
    // row at a time (minutes for 100,000 members, longer than the runners wait for it).
    await fillNickSkeletons(database.db);
    const res = await database.db.execute(sql`
      select user_id, rank from (
        select user_id, (rank() over (order by points desc))::int as rank from users where status = 'active'
      ) r where user_id like 'bench%' order by abs(rank - ${Math.floor(members / 2)}::int) limit 1`);
    // Both drivers (pglite, node-postgres) answer raw SQL with { rows }.
    const row = (res as unknown as { rows: Array<{ user_id: string; rank: number }> }).rows[0]!;
    return { userId: row.user_id, rank: row.rank };
  } finally {
    await database.close();
  }
}

async function fillNickSkeletons(db: Database['db']) {
  const result = await db.execute(sql`select no, nick_name from users where nick_skeleton is null and nick_name is not null`);
  // Both drivers (pglite, node-postgres) answer raw SQL with { rows }.
  const rows = (result as unknown as { rows: Array<{ no: number; nick_name: string }> }).rows;
  for (let i = 0; i < rows.length; i += 20_000) {
    const chunk = rows.slice(i, i + 20_000);
    await db.execute(sql`
      update users u set nick_skeleton = v.skeleton
      from unnest(${`{${chunk.map((r) => r.no).join(',')}}`}::int[], ${`{${chunk.map((r) => JSON.stringify(nickSkeleton(r.nick_name))).join(',')}}`}::text[]) as v(no, skeleton)
      where u.no = v.no`);
  }
}
