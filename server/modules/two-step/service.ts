// Two-step sign-in with a one-time code (RFC 6238 through otpauth; decision 42). The secret is
// sealed with the site's key; recovery codes are stored as keyed hashes (Sealer.mac): they are
// random enough that a slow password hash buys nothing, and without the key a copy of the
// database cannot be tried offline.
import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TWO_STEP_MSG } from '../../../common/api/two-step.js';
import type { Db, Tx } from '../../db/client.js';
import { recoveryCodes, sessions, totpSecrets, users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { now } from '../../lib/clock.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { Sealer } from '../../lib/secret.js';
import { forgetMember, markSecondStep, type Member } from '../../lib/session.js';
import { WRONG_PASSWORD } from '../users/account-service.js';

const PERIOD = 30;
/** One step either side: a phone's clock a little off still works. */
const WINDOW = 1;
const MAC_PURPOSE = 'recovery-code';
/** Recovery codes: no 0/O, 1/I/L, so a code copied by hand reads back. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const totpFor = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** The time step a code for `at` belongs to. */
export const stepAt = (at: Date) => Math.floor(at.getTime() / 1000 / PERIOD);

/** Ten codes like "K7QM-2XPA-RT" (50 bits each), as shown to the member. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8)}`;
  });
}
const normaliseRecovery = (code: string) => code.replace(/-/g, '').toUpperCase();
const isTotpShape = (code: string) => /^\d{6}$/.test(code);

export async function totpState(db: Db | Tx, userNo: number) {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userNo, userNo)).limit(1);
  return row ?? null;
}

/** True when the member has two-step sign-in on (a password sign-in then waits for a code). */
export async function twoStepOn(db: Db | Tx, userNo: number): Promise<boolean> {
  const row = await totpState(db, userNo);
  return Boolean(row?.enabledAt);
}

export async function status(db: Db, member: Member) {
  const row = await totpState(db, member.no);
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userNo, member.no), isNull(recoveryCodes.usedAt)));
  return { enabled: Boolean(row?.enabledAt), recoveryLeft: row?.enabledAt ? Number(left?.n ?? 0) : 0, secondStep: Boolean(member.secondStepAt) };
}

/** A new secret, kept unconfirmed until the first good code (enable). */
export async function setup(db: Db, sealer: Sealer, member: Member, siteName: string) {
  const current = await totpState(db, member.no);
  if (current?.enabledAt) throw conflict(TWO_STEP_MSG.alreadyOn, 'totp_on');
  const secret = new Secret({ size: 20 }).base32;
  const secretEnc = sealer.seal(secret);
  await db
    .insert(totpSecrets)
    .values({ userNo: member.no, secretEnc, createdAt: now() })
    .onConflictDoUpdate({ target: totpSecrets.userNo, set: { secretEnc, lastStep: 0, enabledAt: null, createdAt: now() } });
  const otpauthUrl = totpFor(secret, member.userId, siteName).toString();
  const qr = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qr };
}

/**
 * Checks a six-digit code and takes its time step: a step at or before the last accepted one is
 * refused, so each code passes once (the conditional update decides between two at once).
 */
async function takeTotp(db: Db | Tx, sealer: Sealer, row: typeof totpSecrets.$inferSelect, code: string): Promise<boolean> {
  if (!isTotpShape(code)) return false;
  const at = now();
  const delta = totpFor(sealer.open(row.secretEnc)).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return false;
  const step = stepAt(at) + delta;
  const taken = await db
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(and(eq(totpSecrets.userNo, row.userNo), lt(totpSecrets.lastStep, step)))
    .returning({ userNo: totpSecrets.userNo });
  return taken.length === 1;
}

/** Uses up one recovery code; true when it was one of the member's unused ones. */
async function takeRecovery(db: Db | Tx, sealer: Sealer, userNo: number, code: string): Promise<boolean> {
  const hash = sealer.mac(MAC_PURPOSE, normaliseRecovery(code));
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now() })
    .where(and(eq(recoveryCodes.userNo, userNo), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

async function replaceRecoveryCodes(tx: Tx, sealer: Sealer, userNo: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userNo, userNo));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userNo, codeHash: sealer.mac(MAC_PURPOSE, normaliseRecovery(c)) })));
  return codes;
}

const unusedCount = async (db: Db | Tx, userNo: number) => {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userNo, userNo), isNull(recoveryCodes.usedAt)));
  return Number(r?.n ?? 0);
};

/**
 * The first good code turns it on: recovery codes are made (shown once), this sign-in counts as
 * having passed the second step, and the member's other sessions wait for a code from now on.
 */
export async function enable(db: Db, sealer: Sealer, member: Member, code: string): Promise<string[]> {
  const row = await totpState(db, member.no);
  if (!row) throw badRequest(TWO_STEP_MSG.noSetup, 'totp_no_setup');
  if (row.enabledAt) throw conflict(TWO_STEP_MSG.alreadyOn, 'totp_on');
  const codes = await db.transaction(async (tx) => {
    if (!(await takeTotp(tx, sealer, row, code))) throw badRequest(TWO_STEP_MSG.wrongCode, 'wrong_code');
    await tx.update(totpSecrets).set({ enabledAt: now() }).where(eq(totpSecrets.userNo, member.no));
    const fresh = await replaceRecoveryCodes(tx, sealer, member.no);
    await markSecondStep(tx, member.sessionHash);
    await audit(tx, member, { action: 'twoStep.enable', targetKind: 'user', targetKey: member.no });
    return fresh;
  });
  forgetMember(member.no);
  return codes;
}

/**
 * The second step of a sign-in: a current code or an unused recovery code. A pending session
 * that gets this far is the member's own (the password passed); the limits are per account.
 */
export async function verify(db: Db, sealer: Sealer, member: Member, code: string) {
  const row = await totpState(db, member.no);
  if (!row?.enabledAt) throw badRequest(TWO_STEP_MSG.notOn, 'totp_off');
  return db.transaction(async (tx) => {
    let recovery = false;
    if (!(await takeTotp(tx, sealer, row, code))) {
      if (isTotpShape(code) || !(await takeRecovery(tx, sealer, member.no, code))) throw unauthorized(TWO_STEP_MSG.wrongCode, 'wrong_code');
      recovery = true;
      await audit(tx, member, { action: 'twoStep.recoveryUsed', targetKind: 'user', targetKey: member.no });
    }
    await markSecondStep(tx, member.sessionHash);
    return { ok: true as const, recovery, recoveryLeft: await unusedCount(tx, member.no) };
  });
}

async function checkPassword(db: Db | Tx, userNo: number, password: string) {
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.no, userNo)).limit(1);
  if (!(await verifyPassword(u?.passwordHash, password))) throw unauthorized(WRONG_PASSWORD, 'wrong_password');
}

/** Turning it off takes the password and a current code (or a recovery code). */
export async function disable(db: Db, sealer: Sealer, member: Member, password: string, code: string) {
  await checkPassword(db, member.no, password);
  const row = await totpState(db, member.no);
  if (!row?.enabledAt) throw badRequest(TWO_STEP_MSG.notOn, 'totp_off');
  await db.transaction(async (tx) => {
    if (!(await takeTotp(tx, sealer, row, code)) && (isTotpShape(code) || !(await takeRecovery(tx, sealer, member.no, code)))) {
      throw badRequest(TWO_STEP_MSG.wrongCode, 'wrong_code');
    }
    await removeTwoStep(tx, member.no);
    await audit(tx, member, { action: 'twoStep.disable', targetKind: 'user', targetKey: member.no });
  });
}

/** New recovery codes after the password (the old ones stop working). */
export async function renewRecoveryCodes(db: Db, sealer: Sealer, member: Member, password: string): Promise<string[]> {
  await checkPassword(db, member.no, password);
  if (!(await twoStepOn(db, member.no))) throw badRequest(TWO_STEP_MSG.notOn, 'totp_off');
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, sealer, member.no);
    await audit(tx, member, { action: 'twoStep.recoveryRenew', targetKind: 'user', targetKey: member.no });
    return codes;
  });
}

/** Removes the secret and recovery codes (turning off, the operator's reset, withdrawal). */
export async function removeTwoStep(tx: Tx, userNo: number) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userNo, userNo));
  await tx.delete(totpSecrets).where(eq(totpSecrets.userNo, userNo));
  forgetMember(userNo);
}

/**
 * The operator's reset (scripts/admin-reset-2fa.ts): two-step sign-in off, every session of the
 * member ended, an audit record with no actor but the member. Returns false for an unknown id.
 */
export async function resetTwoStep(db: Db, userId: string): Promise<{ userNo: number; hadTotp: boolean } | null> {
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ no: users.no }).from(users).where(eq(users.userId, userId.trim().toLowerCase())).limit(1);
    if (!u) return null;
    const [had] = await tx.select({ userNo: totpSecrets.userNo }).from(totpSecrets).where(and(eq(totpSecrets.userNo, u.no), isNotNull(totpSecrets.enabledAt)));
    await removeTwoStep(tx, u.no);
    await tx.delete(sessions).where(eq(sessions.userNo, u.no));
    await audit(tx, { no: u.no }, { action: 'twoStep.operatorReset', targetKind: 'user', targetKey: u.no });
    return { userNo: u.no, hadTotp: Boolean(had) };
  });
}
