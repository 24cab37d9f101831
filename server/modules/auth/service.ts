import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { getSettings } from '../community/service.js';
import { noteAccountFailure } from '../alarms/service.js';
import { awardDailyLogin } from '../points/service.js';
import { checkSuspension } from '../users/admin-user-actions.js';

export const WRONG_LOGIN = '아이디 또는 암호가 올바르지 않습니다.';

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
  const { points } = await getSettings(db);
  await db.transaction(async (tx) => {
    // Read again under a row lock: logins at the same moment take turns, so one earns the day's points.
    const [row] = await tx.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.no, user.no)).for('update');
    await awardDailyLogin(tx, user.no, row?.lastLoginAt ?? null, points.dailyLogin);
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.no, user.no));
  });
  return user.no;
}
