// `npm run seed:demo`: demo members and free-board posts for trying the site, in the database the
// server would use (DATA_DIR or DATABASE_URL). Works on an empty data dir; a second run changes nothing.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { createSealer, loadKey, type Sealer } from '../lib/secret.js';
import { createMember } from '../modules/users/service.js';
import { type Db, openDatabase } from './client.js';
import { firstStart } from './first-start.js';
import { levelHistory, levels, posts, users } from './schema/index.js';
import { BODIES, DEMO_MEMBERS, DEMO_PASSWORD, FILMS, LENSES, PLACES, TEMPLATES } from './seed-demo-data.js';

const POST_COUNT = 200;
const POST_SPAN_DAYS = 120;
const DAY_MS = 86_400_000;

/** A fixed-seed generator, so every fresh demo database looks the same. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: ReadonlyArray<T>): T => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

/** Adds the demo members and posts unless they are there already; returns false when skipped. */
export async function seedDemo(db: Db, sealer: Sealer, now = Date.now()): Promise<boolean> {
  const firstId = DEMO_MEMBERS[0]![0];
  const existing = await db.select({ no: users.no }).from(users).where(eq(users.userId, firstId)).limit(1);
  if (existing.length > 0) return false;

  const rnd = random(20001);
  // All or nothing: an interrupted run leaves no half-seeded club behind.
  await db.transaction(async (tx) => {
    const members: Array<{ no: number; nickName: string; joinedAt: number; weight: number }> = [];
    for (const [userId, nickName, points] of DEMO_MEMBERS) {
      const no = await createMember(tx, sealer, {
        userId,
        password: DEMO_PASSWORD,
        nickName,
        email: `${userId}@demo.chalkak.invalid`,
        question: '처음 산 카메라는?',
        answer: rnd.pick(BODIES),
      });
      // Older members tend to have more points: join 1-3 years ago, before their first post.
      const joinedAt = now - (POST_SPAN_DAYS + 30 + Math.floor(rnd.next() * 900)) * DAY_MS;
      const [level] = await tx
        .select({ id: levels.id, name: levels.name })
        .from(levels)
        .where(sql`${levels.minPoints} <= ${points}`)
        .orderBy(sql`${levels.minPoints} desc`)
        .limit(1);
      await tx
        .update(users)
        .set({ points, levelId: level?.id, joinDate: new Date(joinedAt), lastLoginAt: new Date(now - Math.floor(rnd.next() * 20) * DAY_MS) })
        .where(eq(users.no, no));
      if (level && points >= 100) {
        await tx.insert(levelHistory).values({ userNo: no, content: `활동 점수로 승급: ${level.name}` });
      }
      // Active members write more: weight grows with points, everyone writes something.
      members.push({ no, nickName, joinedAt, weight: 1 + Math.sqrt(points) / 20 });
    }

    const total = members.reduce((s, m) => s + m.weight, 0);
    const author = () => {
      let r = rnd.next() * total;
      for (const m of members) if ((r -= m.weight) <= 0) return m;
      return members[members.length - 1]!;
    };
    const fill = (text: string) =>
      text
        .replaceAll('{body}', rnd.pick(BODIES))
        .replaceAll('{lens}', rnd.pick(LENSES))
        .replaceAll('{place}', rnd.pick(PLACES))
        .replaceAll('{film}', rnd.pick(FILMS));

    const categories = ['c1', 'c2', 'c3', 'c4'] as const;
    const rows = [];
    for (let i = 0; i < POST_COUNT; i++) {
      const category = rnd.pick(categories);
      const [subject, content] = rnd.pick(TEMPLATES[category]);
      const m = author();
      const ageDays = rnd.next() * POST_SPAN_DAYS;
      const createdAt = new Date(now - ageDays * DAY_MS);
      rows.push({
        boardId: 'free',
        category,
        userNo: m.no,
        nickName: m.nickName,
        subject: fill(subject),
        content: fill(content),
        // Views only: recommendations and comments would need their own rows to be consistent.
        views: Math.floor(5 + rnd.next() * (20 + ageDays * 8)),
        createdAt,
        updatedAt: createdAt,
      });
    }
    // Oldest first, so post keys grow with time as they would on a real board.
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await tx.insert(posts).values(rows);
  });
  return true;
}

async function main() {
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: 2 })
    : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  try {
    await database.migrate(config.migrationsDir);
    const sealer = createSealer(loadKey(config.appSecret, config.dataDir).key);
    await firstStart(database.db, config, sealer, { info: console.log, warn: console.warn });
    const added = await seedDemo(database.db, sealer);
    console.log(
      added
        ? `데모 회원 ${DEMO_MEMBERS.length}명과 자유게시판 글 ${POST_COUNT}개를 추가했습니다 (${database.kind}).`
        : `데모 데이터가 이미 있습니다. 건너뜁니다 (${database.kind}).`,
    );
    console.log(`데모 회원 아이디: ${DEMO_MEMBERS.map(([id]) => id).join(', ')}`);
    console.log(`공통 암호: ${DEMO_PASSWORD}`);
  } finally {
    await database.close();
  }
}

// A script: importing this file (tests, the build) must not seed anything.
const invoked = process.argv[1] ? pathToFileURL(realpathSync(process.argv[1])).href : '';
if (import.meta.url === invoked) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
