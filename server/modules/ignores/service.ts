// The ignore list (decision 46): add, remove, list, the small set of userIds the app folds by, and
// the checks the letters and alarms make before something of an ignored member reaches a member.
// An administrator is never ignored: rows that name one (ignored before they became one) are left
// out of every check and of the set, and stay on the list to be removed.
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { IgnoredMember, IgnoredPage } from '../../../common/api/ignores.js';
import { IGNORE_MAX, IGNORE_PAGE_SIZE } from '../../../common/api/ignores.js';
import { formatNumber } from '../../../common/format.js';
import type { Db, Tx } from '../../db/client.js';
import { memberIgnores, users } from '../../db/schema/index.js';
import { activityRanks } from '../../lib/activity-rank.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { assertMayIgnore, IGNORE_MSG } from './policy.js';

async function memberByUserId(db: Tx, userId: string) {
  const [row] = await db
    .select({ no: users.no, admin: users.admin })
    .from(users)
    .where(eq(users.userId, userId.trim().toLowerCase()))
    .limit(1);
  if (!row) throw notFound(IGNORE_MSG.noMember);
  return row;
}

/** The userIds the member ignores, as the app folds by: active members who are not administrators. */
export async function ignoredIds(db: Tx, userNo: number): Promise<string[]> {
  const rows = await db
    .select({ userId: users.userId })
    .from(memberIgnores)
    .innerJoin(users, eq(users.no, memberIgnores.ignoredNo))
    .where(and(eq(memberIgnores.userNo, userNo), eq(users.admin, false), ne(users.status, 'withdrawn')))
    .orderBy(users.userId)
    .limit(IGNORE_MAX);
  return rows.map((r) => r.userId);
}

/** Ignores the member `userId`; doing it twice changes nothing. Answers the caller's set now. */
export async function ignoreMember(db: Db, userNo: number, userId: string): Promise<string[]> {
  const target = await memberByUserId(db, userId);
  assertMayIgnore(userNo, target);
  await db.transaction(async (tx) => {
    // The member's own rows, one after the other: two calls at once cannot pass the cap together.
    await tx.select({ no: users.no }).from(users).where(eq(users.no, userNo)).for('update');
    const [n] = await tx.select({ n: count() }).from(memberIgnores).where(eq(memberIgnores.userNo, userNo));
    if (Number(n?.n ?? 0) >= IGNORE_MAX) {
      const [already] = await tx
        .select({ no: memberIgnores.ignoredNo })
        .from(memberIgnores)
        .where(and(eq(memberIgnores.userNo, userNo), eq(memberIgnores.ignoredNo, target.no)));
      if (!already) throw badRequest(IGNORE_MSG.tooMany(formatNumber(IGNORE_MAX)));
    }
    await tx.insert(memberIgnores).values({ userNo, ignoredNo: target.no }).onConflictDoNothing();
  });
  return ignoredIds(db, userNo);
}

/** Stops ignoring `userId` (also a withdrawn member or an administrator); not ignored: nothing changes. */
export async function unignoreMember(db: Db, userNo: number, userId: string): Promise<string[]> {
  const target = await memberByUserId(db, userId);
  await db.delete(memberIgnores).where(and(eq(memberIgnores.userNo, userNo), eq(memberIgnores.ignoredNo, target.no)));
  return ignoredIds(db, userNo);
}

/** The caller's list, newest first; a withdrawn member shows by userId so they can be removed. */
export async function ignoredPage(db: Db, userNo: number, page: number): Promise<IgnoredPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ no: users.no, userId: users.userId, nickName: users.nickName, status: users.status, points: users.points, ignoredAt: memberIgnores.createdAt })
      .from(memberIgnores)
      .innerJoin(users, eq(users.no, memberIgnores.ignoredNo))
      .where(eq(memberIgnores.userNo, userNo))
      .orderBy(desc(memberIgnores.createdAt), desc(memberIgnores.ignoredNo))
      .limit(IGNORE_PAGE_SIZE)
      .offset((page - 1) * IGNORE_PAGE_SIZE),
    db.select({ n: count() }).from(memberIgnores).where(eq(memberIgnores.userNo, userNo)),
  ]);
  const ranks = await activityRanks(
    db,
    rows.filter((r) => r.status === 'active').map((r) => ({ no: r.no, points: r.points })),
  );
  const items: IgnoredMember[] = rows.map((r) => ({
    userId: r.userId,
    nickName: r.nickName ?? r.userId,
    levelKey: r.status === 'active' ? (ranks.get(r.no) ?? null) : null,
    ignoredAt: r.ignoredAt.toISOString(),
  }));
  return { items, page, pageSize: IGNORE_PAGE_SIZE, total: Number(total?.n ?? 0) };
}

/**
 * Which of `userNos` ignore the member `fromNo`: what of `fromNo` must not reach them (letters,
 * alarms, push, mail). Empty when `fromNo` is an administrator. One statement on the primary key.
 */
export async function ignorersAmong(db: Tx, fromNo: number, userNos: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(userNos)].filter((n) => n !== fromNo);
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ userNo: memberIgnores.userNo })
    .from(memberIgnores)
    .innerJoin(users, eq(users.no, memberIgnores.ignoredNo))
    .where(and(eq(memberIgnores.ignoredNo, fromNo), inArray(memberIgnores.userNo, wanted), eq(users.admin, false)));
  return new Set(rows.map((r) => r.userNo));
}

/** Whether `userNo` ignores `fromNo` (never an administrator). */
export async function ignores(db: Tx, userNo: number, fromNo: number): Promise<boolean> {
  return (await ignorersAmong(db, fromNo, [userNo])).has(userNo);
}
