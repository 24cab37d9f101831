// Member management, the writing side: edit (nickname, email, level, administrator flag), points,
// suspend and restore. Each write locks the member's row and leaves an admin_audit record in the
// same transaction; a change the member's session shows is forgotten by the session cache.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUserPoints, AdminUserSave, AdminUserSuspend } from '../../../common/api/admin-users.js';
import { formatDate, formatDateTime } from '../../../common/format.js';
import type { Db, Tx } from '../../db/client.js';
import { levelHistory, levels, nickHistory, users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { endAllSessions, forgetMember, type Member } from '../../lib/session.js';
import { awardPoints } from '../points/service.js';
import { NO_MEMBER } from './admin-users.js';
import { vetNickName } from './nick-names.js';
import { asTakenConflict, TAKEN } from './service.js';

export const USER_MSG = {
  withdrawn: '탈퇴한 회원은 고칠 수 없습니다.',
  lastAdmin: '마지막 관리자의 권한은 해제할 수 없습니다. 다른 회원을 먼저 관리자로 지정해 주세요.',
  suspendedAdmin: '정지된 회원은 관리자로 지정할 수 없습니다. 먼저 정지를 해제해 주세요.',
  noLevel: '등급을 찾을 수 없습니다.',
  suspendSelf: '자기 자신은 정지할 수 없습니다.',
  suspendAdmin: '관리자는 정지할 수 없습니다. 먼저 관리자 권한을 해제해 주세요.',
  notSuspended: '정지된 회원이 아닙니다.',
} as const;

type UserRow = typeof users.$inferSelect;

async function lockUser(tx: Tx, userNo: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.no, userNo)).for('update');
  if (!row) throw notFound(NO_MEMBER);
  return row;
}

/** Whether a suspension is in force now (one whose end passed is over). */
export const isSuspended = (u: Pick<UserRow, 'status' | 'suspendedUntil'>, now = new Date()) =>
  u.status === 'suspended' && (u.suspendedUntil === null || u.suspendedUntil > now);

/** The fields an admin changes, as the audit record keeps them. */
const auditFields = (u: UserRow) => ({
  nickName: u.nickName,
  email: u.email,
  levelId: u.levelId,
  admin: u.admin,
  points: u.points,
  status: u.status,
  suspendedUntil: u.suspendedUntil?.toISOString() ?? null,
  suspendReason: u.suspendReason,
  canMarket: u.canMarket,
});

async function levelName(tx: Tx, id: number | null): Promise<string> {
  if (id === null) return '없음';
  const [l] = await tx.select({ name: levels.name }).from(levels).where(eq(levels.id, id));
  return l?.name ?? '없음';
}

// ---------------------------------------------------------------------------------------------
// Edit

export async function saveUser(db: Db, admin: Member, input: z.output<typeof AdminUserSave>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Administrator rows are locked first, so two admins revoking each other take turns and
      // the last-admin count below cannot be outrun.
      if (!input.admin) await tx.select({ no: users.no }).from(users).where(eq(users.admin, true)).for('update');
      const before = await lockUser(tx, input.userNo);
      if (before.status === 'withdrawn') throw badRequest(USER_MSG.withdrawn);
      if (before.admin && !input.admin) {
        const [other] = await tx
          .select({ no: users.no })
          .from(users)
          .where(and(eq(users.admin, true), eq(users.status, 'active'), ne(users.no, before.no)))
          .limit(1);
        if (!other) throw conflict(USER_MSG.lastAdmin, 'last_admin');
      }
      if (!before.admin && input.admin && isSuspended(before)) throw badRequest(USER_MSG.suspendedAdmin);

      const nickChanged = before.nickName !== input.nickName;
      // The same rule as sign-up and the member's own edit; the member is the owner, and the
      // reserved names stay for members who are (or become) administrators.
      const nickSkeleton = nickChanged ? await vetNickName(tx, input.nickName, { userNo: before.no, admin: input.admin }) : undefined;
      if (before.email !== input.email) {
        const [taken] = await tx
          .select({ no: users.no })
          .from(users)
          .where(and(eq(users.email, input.email), ne(users.no, before.no)))
          .limit(1);
        if (taken) throw conflict(TAKEN.email, 'email_taken');
      }
      const levelChanged = before.levelId !== input.levelId;
      if (levelChanged && input.levelId !== null) {
        const [l] = await tx.select({ id: levels.id }).from(levels).where(eq(levels.id, input.levelId));
        if (!l) throw badRequest(USER_MSG.noLevel);
      }

      const [after] = await tx
        .update(users)
        .set({
          ...(nickChanged ? { nickName: input.nickName, nickSkeleton } : {}),
          email: input.email,
          levelId: input.levelId,
          admin: input.admin,
          // Left out: the market permission stays as it is.
          ...(input.canMarket === undefined ? {} : { canMarket: input.canMarket }),
        })
        .where(eq(users.no, before.no))
        .returning();
      if (nickChanged) await tx.insert(nickHistory).values({ userNo: before.no, content: `${before.nickName ?? ''} → ${input.nickName} (관리자 변경)` });
      if (levelChanged) {
        const content = `${await levelName(tx, before.levelId)} → ${await levelName(tx, input.levelId)} (관리자 변경)`;
        await tx.insert(levelHistory).values({ userNo: before.no, content });
      }
      await audit(tx, admin, { action: 'user.save', targetKind: 'user', targetKey: before.userId, before: auditFields(before), after: auditFields(after!) });
    });
  } catch (e) {
    throw asTakenConflict(e);
  }
  forgetMember(input.userNo);
}

// ---------------------------------------------------------------------------------------------
// Points

/** Adds or removes points with the admin's reason; the ledger and the level follow (points service). */
export async function adjustPoints(db: Db, admin: Member, input: z.output<typeof AdminUserPoints>) {
  const result = await db.transaction(async (tx) => {
    const before = await lockUser(tx, input.userNo);
    if (before.status === 'withdrawn') throw badRequest(USER_MSG.withdrawn);
    await awardPoints(tx, before.no, input.amount, input.reason);
    const after = await lockUser(tx, before.no);
    await audit(tx, admin, {
      action: 'user.points',
      targetKind: 'user',
      targetKey: before.userId,
      before: { points: before.points, levelId: before.levelId },
      after: { points: after.points, levelId: after.levelId, amount: input.amount, reason: input.reason },
    });
    return { points: after.points, levelName: after.levelId === null ? '' : await levelName(tx, after.levelId) };
  });
  forgetMember(input.userNo);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Suspension

const DAY_MS = 86_400_000;

/**
 * Suspends a member inside the caller's transaction (the report queue's "suspend the author"
 * uses it too): status, end and reason are set, and every open session of theirs ends.
 */
export async function suspendMember(tx: Tx, admin: Member, input: z.output<typeof AdminUserSuspend>): Promise<Date | null> {
  if (input.userNo === admin.no) throw badRequest(USER_MSG.suspendSelf);
  const before = await lockUser(tx, input.userNo);
  if (before.status === 'withdrawn') throw badRequest(USER_MSG.withdrawn);
  if (before.admin) throw badRequest(USER_MSG.suspendAdmin);
  const until = input.days === null ? null : new Date(Date.now() + input.days * DAY_MS);
  const [after] = await tx
    .update(users)
    .set({ status: 'suspended', suspendedUntil: until, suspendReason: input.reason })
    .where(eq(users.no, before.no))
    .returning();
  await endAllSessions(tx, before.no);
  await audit(tx, admin, { action: 'user.suspend', targetKind: 'user', targetKey: before.userId, before: auditFields(before), after: { ...auditFields(after!), days: input.days } });
  return until;
}

export async function suspendUser(db: Db, admin: Member, input: z.output<typeof AdminUserSuspend>) {
  const until = await db.transaction((tx) => suspendMember(tx, admin, input));
  // Again after the commit: a request in between may have cached the member as still active.
  forgetMember(input.userNo);
  return { suspendedUntil: until ? formatDateTime(until) : null };
}

export async function restoreUser(db: Db, admin: Member, userNo: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockUser(tx, userNo);
    if (before.status !== 'suspended') throw badRequest(USER_MSG.notSuspended);
    const [after] = await tx
      .update(users)
      .set({ status: 'active', suspendedUntil: null, suspendReason: null })
      .where(eq(users.no, userNo))
      .returning();
    await audit(tx, admin, { action: 'user.restore', targetKind: 'user', targetKey: before.userId, before: auditFields(before), after: auditFields(after!) });
  });
  forgetMember(userNo);
}

/**
 * At login: a suspension in force refuses it with the reason and end date; one whose end has
 * passed is over, and the member is set back to active. Returns the refusal message or null.
 */
export async function checkSuspension(db: Db, userNo: number): Promise<string | null> {
  const [u] = await db.select({ status: users.status, suspendedUntil: users.suspendedUntil, suspendReason: users.suspendReason }).from(users).where(eq(users.no, userNo));
  if (!u || u.status !== 'suspended') return null;
  if (!isSuspended(u)) {
    await db
      .update(users)
      .set({ status: 'active', suspendedUntil: null, suspendReason: null })
      .where(and(eq(users.no, userNo), eq(users.status, 'suspended'), sql`${users.suspendedUntil} <= now()`));
    return null;
  }
  return suspensionMessage(u.suspendReason, u.suspendedUntil);
}

/** "이용이 정지된 계정입니다. 사유: … (2026-12-01까지)". */
export function suspensionMessage(reason: string | null, until: Date | null): string {
  if (!reason && !until) return '이용이 정지된 계정입니다. 관리자에게 문의하세요.';
  const why = reason ? ` 사유: ${reason}` : '';
  const end = until ? ` (${formatDate(until)}까지)` : ' (해제될 때까지)';
  return `이용이 정지된 계정입니다.${why}${end}`;
}
