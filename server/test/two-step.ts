// Two-step sign-in in the tests. Test administrators have a one-time code set up with a known
// secret, and the login helper passes the real /api/auth/totp/verify with the code of the moment
// (otpauth, on the server's clock). The server takes each time step once per member; a test may
// sign the administrator in many times in one 30-second step, so the helper first rewinds the
// member's last accepted step in the test database (the code itself is checked for real).
import { and, eq, isNotNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { totpSecrets, users } from '../db/schema/index.js';
import { now } from '../lib/clock.js';
import type { TestApp } from './harness.js';

/** The test administrators' authenticator secret (base32). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The six-digit code for a secret at a moment (the server's clock unless told). */
export function totpCode(secret: string, at: Date = now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

/** Turns two-step sign-in on for a member with TEST_TOTP_SECRET, straight in the database. */
export async function giveTestTotp(t: TestApp, userNo: number): Promise<void> {
  await t.database.db
    .insert(totpSecrets)
    .values({ userNo, secretEnc: t.app.ctx.sealer.seal(TEST_TOTP_SECRET), enabledAt: new Date() })
    .onConflictDoNothing();
}

/**
 * After a password sign-in: an administrator gets the test secret if they have none, and a
 * sign-in waiting for its code (with the test secret) passes /api/auth/totp/verify. Members
 * who set up their own secret in a test are left waiting.
 */
export async function completeSecondStep(t: TestApp, userId: string, cookie: string, pending: boolean): Promise<void> {
  const db = t.database.db;
  const [u] = await db.select({ no: users.no, admin: users.admin }).from(users).where(eq(users.userId, userId.trim().toLowerCase())).limit(1);
  if (!u || (!u.admin && !pending)) return;
  if (u.admin) await giveTestTotp(t, u.no);
  const [row] = await db
    .select({ secretEnc: totpSecrets.secretEnc })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userNo, u.no), isNotNull(totpSecrets.enabledAt)));
  if (!row || t.app.ctx.sealer.open(row.secretEnc) !== TEST_TOTP_SECRET) return;
  await db.update(totpSecrets).set({ lastStep: 0 }).where(eq(totpSecrets.userNo, u.no));
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/totp/verify', payload: { code: totpCode(TEST_TOTP_SECRET) }, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`second step failed: ${res.statusCode} ${res.body}`);
}
