import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { isLegacyHash, isUnusableHash } from '../../lib/legacy-passwords.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { getSettings } from '../community/service.js';
import { noteAccountFailure } from '../alarms/service.js';
import { awardDailyLogin } from '../points/service.js';
import { checkSuspension } from '../users/admin-user-actions.js';

export const WRONG_LOGIN = '아이디 또는 암호가 올바르지 않습니다.';
/** A member moved in from an old site whose old password hash this site cannot check. */
export const RESET_NEEDED = '예전 사이트의 암호는 이 사이트에서 확인할 수 없습니다. 암호 찾기나 운영진 문의로 새 암호를 정해 주세요.';

/**
 * Checks a userId and password; returns the member's number or refuses with a Korean message.
 * A wrong password from a browser the account does not know (`elsewhere`) is reported to the
 * member by one alarm per burst.
 */
export async function authenticate(db: Db, userId: string, password: string, opts: { elsewhere: boolean }): Promise<number> {
  const [user] = await db
    .select({ no: users.no, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.userId, userId.trim().toLowerCase()))
    .limit(1);
  if (user && user.status !== 'withdrawn' && isUnusableHash(user.passwordHash)) throw unauthorized(RESET_NEEDED, 'password_reset_needed');
  const ok = await verifyPassword(user?.status === 'withdrawn' ? null : user?.passwordHash, password);
  if (!user || !ok) {
    if (user && !ok && opts.elsewhere && user.status !== 'withdrawn') await noteAccountFailure(db, user.no, 'login_failed');
    throw unauthorized(WRONG_LOGIN, 'wrong_login');
  }
  if (user.status === 'suspended') {
    // The reason and end date are shown to the member; a suspension whose end passed is over.
    const refusal = await checkSuspension(db, user.no);
    if (refusal) throw forbidden(refusal, 'suspended');
  }
  await recordSignIn(db, user.no);
  // An imported member's old hash, checked once, gives way to argon2id (the old one is gone).
  if (isLegacyHash(user.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await db.update(users).set({ passwordHash }).where(and(eq(users.no, user.no), eq(users.passwordHash, user.passwordHash)));
  }
  return user.no;
}

/**
 * What every way of signing in does once the member is known (password, passkey): the first
 * sign-in of the day earns its points, and the last sign-in time moves.
 */
export async function recordSignIn(db: Db, userNo: number): Promise<void> {
  const { points } = await getSettings(db);
  await db.transaction(async (tx) => {
    // Read again under a row lock: logins at the same moment take turns, so one earns the day's points.
    const [row] = await tx.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.no, userNo)).for('update');
    await awardDailyLogin(tx, userNo, row?.lastLoginAt ?? null, points.dailyLogin);
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.no, userNo));
  });
}
