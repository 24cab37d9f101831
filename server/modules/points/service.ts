// The point ledger and the levels it drives (docs/product/members.md#points-and-levels).
import { desc, eq, lte, sql } from 'drizzle-orm';
import { formatNumber } from '../../../common/format.js';
import type { Tx } from '../../db/client.js';
import { levelHistory, levels, pointLedger, users } from '../../db/schema/index.js';

/** The highest level whose minimum the points reach. */
export async function levelForPoints(db: Tx, points: number) {
  const [level] = await db
    .select()
    .from(levels)
    .where(lte(levels.minPoints, points))
    .orderBy(desc(levels.minPoints))
    .limit(1);
  return level ?? null;
}

/**
 * Adds (or with a negative amount removes) points, and moves the member to the level the new
 * total reaches, writing a level history line when it changes. Call inside the caller's transaction.
 */
export async function awardPoints(db: Tx, userNo: number, amount: number, reason: string): Promise<void> {
  if (amount === 0) return;
  await db.insert(pointLedger).values({ userNo, amount, reason });
  const [row] = await db
    .update(users)
    .set({ points: sql`greatest(${users.points} + ${amount}, 0)` })
    .where(eq(users.no, userNo))
    .returning({ points: users.points, levelId: users.levelId });
  if (!row) return;
  const level = await levelForPoints(db, row.points);
  if (!level || level.id === row.levelId) return;
  const [before] = row.levelId
    ? await db.select({ name: levels.name }).from(levels).where(eq(levels.id, row.levelId))
    : [];
  await db.update(users).set({ levelId: level.id }).where(eq(users.no, userNo));
  await db.insert(levelHistory).values({
    userNo,
    content: `${before?.name ?? '없음'} → ${level.name} (포인트 ${formatNumber(row.points)})`,
  });
}

const kstDay = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

/** The first login of a day (Korean time) earns the community's daily login points. */
export async function awardDailyLogin(db: Tx, userNo: number, lastLoginAt: Date | null, amount: number) {
  if (lastLoginAt && kstDay(lastLoginAt) === kstDay(new Date())) return;
  await awardPoints(db, userNo, amount, '오늘 첫 로그인');
}
