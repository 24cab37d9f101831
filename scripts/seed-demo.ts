// `npm run seed:demo`: demo members and free-board posts (with comments and recommendations) for
// trying the site, in the database the server would use (DATA_DIR or DATABASE_URL). Works on an
// empty data dir; a second run changes nothing.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { topic, toward, withAnd } from '../common/korean.js';
import { loadConfig } from '../server/config.js';
import { type Db, openDatabase } from '../server/db/client.js';
import { firstStart } from '../server/db/first-start.js';
import { comments, posts, users } from '../server/db/schema/index.js';
import { answersChanged } from '../server/lib/answer-cache.js';
import { createSealer, loadKey, type Sealer } from '../server/lib/secret.js';
import type { Member } from '../server/lib/session.js';
import { saveComment } from '../server/modules/comments/service.js';
import { awardPoints } from '../server/modules/points/service.js';
import { actorOf } from '../server/modules/posts/board-rules.js';
import type { Actor } from '../server/modules/posts/policy.js';
import { recommendPost, savePost } from '../server/modules/posts/write.js';
import { createMember } from '../server/modules/users/service.js';
import { BODIES, COMMENTS, DEMO_MEMBERS, DEMO_PASSWORD, FILMS, LENSES, PLACES, REPLIES, TEMPLATES } from './seed-demo-data.js';
import { seedDemoGallery } from './seed-demo-gallery.js';
import { seedDemoMarket } from './seed-demo-market.js';

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

/** A member as the services see the caller (the fields a route's session would give them). */
function asMember(no: number, userId: string, nickName: string): Member {
  return { no, userId, nickName, admin: false, real: false, points: 0, levelKey: 0, sessionHash: '', reauthAt: null };
}

/**
 * Adds the demo members, posts, comments and recommendations unless they are there already;
 * returns false when skipped. Everything goes through the services the routes call, so search
 * columns, counters, points and levels are what the site itself would have written; only the
 * dates (and views) are moved into the past afterwards.
 */
export async function seedDemo(db: Db, sealer: Sealer, now = Date.now()): Promise<boolean> {
  const firstId = DEMO_MEMBERS[0]![0];
  const existing = await db.select({ no: users.no }).from(users).where(eq(users.userId, firstId)).limit(1);
  if (existing.length > 0) return false;

  const rnd = random(20001);
  // One pick per placeholder and text; a particle written after a placeholder ({lens}로) is chosen
  // for the name picked (Portra 400으로).
  const fill = (text: string) => {
    const names: Record<string, string> = { body: rnd.pick(BODIES), lens: rnd.pick(LENSES), place: rnd.pick(PLACES), film: rnd.pick(FILMS) };
    return text.replace(/\{(body|lens|place|film)\}(으로|로|와|과|은|는)?/g, (_, key: string, particle?: string) => {
      const name = names[key]!;
      if (!particle) return name;
      return (particle.endsWith('로') ? toward : particle === '와' || particle === '과' ? withAnd : topic)(name);
    });
  };
  const at = (ms: number) => new Date(Math.min(ms, now));

  // All or nothing: an interrupted run leaves no half-seeded club behind.
  await db.transaction(async (tx) => {
    const members: Array<{ actor: Actor; joinedAt: number; weight: number }> = [];
    for (const [userId, nickName, points] of DEMO_MEMBERS) {
      const no = await createMember(tx, sealer, {
        userId,
        password: DEMO_PASSWORD,
        nickName,
        email: `${userId}@demo.chalkak.invalid`,
        question: '처음 산 카메라는?',
        answer: rnd.pick(BODIES),
      });
      // Earlier activity, through the ledger so the level and its history follow the points.
      await awardPoints(tx, no, points, '데모 회원의 이전 활동');
      // Older members tend to have more points: join 1-3 years ago, before their first post.
      const joinedAt = now - (POST_SPAN_DAYS + 30 + Math.floor(rnd.next() * 900)) * DAY_MS;
      await tx
        .update(users)
        .set({ joinDate: new Date(joinedAt), lastLoginAt: new Date(now - Math.floor(rnd.next() * 20) * DAY_MS) })
        .where(eq(users.no, no));
      // Active members write more: weight grows with points, everyone writes something.
      const actor = await actorOf(tx, asMember(no, userId, nickName));
      members.push({ actor, joinedAt, weight: 1 + Math.sqrt(points) / 20 });
    }

    const total = members.reduce((s, m) => s + m.weight, 0);
    const someone = (not?: number) => {
      for (;;) {
        let r = rnd.next() * total;
        let m = members[members.length - 1]!;
        for (const c of members) {
          if ((r -= c.weight) <= 0) {
            m = c;
            break;
          }
        }
        if (m.actor.member!.no !== not) return m;
      }
    };

    // Oldest first, so post keys grow with time as they would on a real board.
    const categories = ['c1', 'c2', 'c3', 'c4'] as const;
    const ages = Array.from({ length: POST_COUNT }, () => rnd.next() * POST_SPAN_DAYS).sort((a, b) => b - a);
    for (const ageDays of ages) {
      const category = rnd.pick(categories);
      const [subject, content] = rnd.pick(TEMPLATES[category]);
      const author = someone();
      const createdAt = now - ageDays * DAY_MS;
      const key = await savePost(tx, author.actor, { boardId: 'free', category, subject: fill(subject), content: fill(content), files: [], notice: false });
      await tx
        .update(posts)
        .set({ createdAt: at(createdAt), updatedAt: at(createdAt), views: Math.floor(5 + rnd.next() * (20 + ageDays * 8)) })
        .where(eq(posts.key, key));

      // Comments (a few replies among them) within the days after the post.
      const count = Math.floor(rnd.next() * rnd.next() * 9);
      let when = createdAt;
      const written: number[] = [];
      for (let i = 0; i < count; i++) {
        const reply = written.length > 0 && rnd.next() < 0.25;
        const writer = reply ? author : someone();
        const commentKey = await saveComment(tx, writer.actor, {
          key,
          content: fill(rnd.pick(reply ? REPLIES : COMMENTS)),
          parentKey: reply ? rnd.pick(written) : undefined,
        });
        when += rnd.next() * DAY_MS;
        await tx.update(comments).set({ createdAt: at(when), updatedAt: at(when) }).where(eq(comments.key, commentKey));
        if (!reply) written.push(commentKey);
      }

      // Recommendations from distinct members other than the author.
      const fans = new Set<number>();
      const wanted = Math.floor(rnd.next() * rnd.next() * 7);
      for (let i = 0; i < wanted * 3 && fans.size < wanted; i++) {
        const fan = someone(author.actor.member!.no);
        if (fans.has(fan.actor.member!.no)) continue;
        fans.add(fan.actor.member!.no);
        await recommendPost(tx, fan.actor, key);
      }
    }
  });
  // The services were called inside one transaction: the board's cached answers (lists, totals)
  // are dropped once it has committed.
  answersChanged(db, ['board:free', 'nav:free', 'all']);
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
    console.log(`장터 매물 ${await seedDemoMarket(database.db, config)}개를 추가했습니다 (2년 치 거래 내역과 진행 중인 경매 포함).`);
    console.log(
      added
        ? `데모 회원 ${DEMO_MEMBERS.length}명과 자유게시판 글 ${POST_COUNT}개(댓글, 추천 포함)를 추가했습니다 (${database.kind}).`
        : `데모 데이터가 이미 있습니다. 건너뜁니다 (${database.kind}).`,
    );
    console.log(`데모 갤러리 작품 ${(await seedDemoGallery(database.db, config)).toLocaleString('ko-KR')}개를 추가했습니다.`);
    console.log(`데모 회원 아이디: ${DEMO_MEMBERS.map(([id]) => id).join(', ')}`);
    console.log(`공통 암호: ${DEMO_PASSWORD}`);
  } finally {
    await database.close();
  }
}

// A script: importing this file (tests) must not seed anything.
const invoked = process.argv[1] ? pathToFileURL(realpathSync(process.argv[1])).href : '';
if (import.meta.url === invoked) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
