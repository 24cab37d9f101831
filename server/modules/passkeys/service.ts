// Passkeys (docs/product/sign-in.md#passkeys): WebAuthn ceremonies through @simplewebauthn/server,
// the member's list, renaming and removing one. The challenge's cookie and its single use are in
// challenge.ts; the routes start the session.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  isoBase64URL,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from './webauthn.js';
import { and, asc, count, eq, isNotNull, ne } from 'drizzle-orm';
import { PASSKEY_MSG, type PasskeyItem, type PasskeyLogin, type PasskeyRegister, type PasskeyRequestOptions, type PasskeyCreationOptions } from '../../../common/api/passkeys.js';
import type { Db } from '../../db/client.js';
import { authLinks, passkeys, totpSecrets, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { isUnusableHash } from '../../lib/legacy-passwords.js';
import type { Member } from '../../lib/session.js';
import { deviceName } from '../push/service.js';
import { checkSuspension } from '../users/admin-user-actions.js';

/** Passkeys a member may keep; one more is refused until one goes. */
export const MAX_PASSKEYS = 20;
/** What the browser is told to wait for the member (ms). */
const CEREMONY_TIMEOUT_MS = 120_000;

export const PASSKEY_SERVER_MSG = {
  tooMany: `패스키는 ${MAX_PASSKEYS}개까지 등록할 수 있습니다. 쓰지 않는 패스키를 먼저 삭제해 주세요.`,
  taken: '이미 등록된 패스키입니다.',
  notVerified: '패스키를 확인하지 못했습니다. 다시 시도해 주세요.',
  unknown: '등록되지 않았거나 삭제된 패스키입니다. 아이디와 암호로 로그인해 주세요.',
  counter: '패스키의 사용 기록이 맞지 않아 거절했습니다. 복제된 보안 키일 수 있으니 이 패스키를 삭제하고 다시 등록해 주세요.',
  lastWay: '이 패스키가 남은 유일한 로그인 방법이라 삭제할 수 없습니다. 다른 로그인 방법을 먼저 마련해 주세요.',
  none: '등록된 패스키가 없습니다.',
  notYours: '지금 로그인한 회원의 패스키가 아닙니다. 이 계정에 등록한 패스키로 확인해 주세요.',
  notPerson: '본인 확인(지문, 얼굴, 화면 잠금, PIN)을 하지 않은 패스키로는 확인할 수 없습니다. 기기에서 본인 확인을 켠 뒤 다시 시도해 주세요.',
} as const;

/** Who the passkeys belong to: the site's host name, and the origin the browser must report. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * PUBLIC_ORIGIN when set; else the origin the request came to, as the site's other absolute links
 * do. Browsers refuse an IP address as a passkey's site, so a PUBLIC_ORIGIN such as
 * http://127.0.0.1:3000 (a test or a development machine) gives way to the request's origin too
 * (http://localhost:3000).
 */
export function relyingParty(publicOrigin: string | undefined, req: { protocol: string; host: string }, siteName: string): RelyingParty {
  const usable = publicOrigin && isIP(new URL(publicOrigin).hostname.replace(/^\[|\]$/g, '')) === 0 ? publicOrigin : undefined;
  const origin = usable ?? `${req.protocol}://${req.host}`;
  return { id: new URL(origin).hostname, origin, name: siteName || 'Chalkak' };
}

/**
 * The WebAuthn user handle of a member: the same for every registration (an authenticator keeps
 * one passkey per member and site), naming nothing but a hash.
 */
const userHandle = (userNo: number) => createHash('sha256').update(`chalkak-passkey-user:${userNo}`).digest();

export async function registrationOptions(db: Db, member: Member, rp: RelyingParty): Promise<PasskeyCreationOptions> {
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userNo, member.no));
  if (existing.length >= MAX_PASSKEYS) throw badRequest(PASSKEY_SERVER_MSG.tooMany, 'passkey_limit');
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.userId,
    userDisplayName: member.nickName || member.userId,
    userID: new Uint8Array(userHandle(member.no)),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    // Already registered keys are not made twice on the same authenticator.
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    // Discoverable where the authenticator can (sign-in without the id); a key that cannot still
    // works with the id.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    extensions: { credProps: true },
  }) as Promise<PasskeyCreationOptions>;
}

export async function registerPasskey(
  db: Db,
  member: Member,
  body: PasskeyRegister,
  expectedChallenge: string,
  rp: RelyingParty,
  userAgent: string | undefined,
): Promise<PasskeyItem> {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: body.credential as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(PASSKEY_SERVER_MSG.notVerified, 'passkey_not_verified');
  }
  const info = verification.registrationInfo;
  if (!verification.verified || !info) throw badRequest(PASSKEY_SERVER_MSG.notVerified, 'passkey_not_verified');
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userNo, member.no));
  if (n >= MAX_PASSKEYS) throw badRequest(PASSKEY_SERVER_MSG.tooMany, 'passkey_limit');
  const device = deviceName(userAgent);
  const [row] = await db
    .insert(passkeys)
    .values({
      id: info.credential.id,
      userNo: member.no,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: (body.credential.response.transports ?? []).slice(0, 10),
      backedUp: info.credentialBackedUp,
      name: body.name || device,
      aaguid: info.aaguid,
      createdDevice: device,
      createdAt: now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(PASSKEY_SERVER_MSG.taken, 'passkey_taken');
  return present(row);
}

function present(p: typeof passkeys.$inferSelect): PasskeyItem {
  return {
    id: p.id,
    name: p.name,
    transports: p.transports,
    backedUp: p.backedUp,
    createdDevice: p.createdDevice,
    lastUsedDevice: p.lastUsedDevice,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listPasskeys(db: Db, userNo: number): Promise<PasskeyItem[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userNo, userNo)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(present);
}

export async function renamePasskey(db: Db, userNo: number, id: string, name: string, userAgent: string | undefined): Promise<void> {
  const done = await db
    .update(passkeys)
    .set({ name: name || deviceName(userAgent) })
    .where(and(eq(passkeys.id, id), eq(passkeys.userNo, userNo)))
    .returning({ id: passkeys.id });
  if (done.length === 0) throw notFound(PASSKEY_MSG.notFound, 'passkey_not_found');
}

/** Removes one of the member's passkeys, unless it is their last way to sign in. */
export async function deletePasskey(db: Db, userNo: number, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [mine] = await tx.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userNo, userNo))).for('update');
    if (!mine) throw notFound(PASSKEY_MSG.notFound, 'passkey_not_found');
    const [user] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.no, userNo));
    const hasPassword = !!user && !user.hash.startsWith('!') && !isUnusableHash(user.hash);
    if (!hasPassword) {
      const [others] = await tx.select({ n: count() }).from(passkeys).where(and(eq(passkeys.userNo, userNo), ne(passkeys.id, id)));
      const [links] = await tx.select({ n: count() }).from(authLinks).where(eq(authLinks.userNo, userNo));
      if ((others?.n ?? 0) === 0 && (links?.n ?? 0) === 0) throw forbidden(PASSKEY_SERVER_MSG.lastWay, 'passkey_last_way');
    }
    await tx.delete(passkeys).where(eq(passkeys.id, id));
  });
}

/** With an id, the member's own keys (for a device that cannot find them itself); unknown ids get none, as if without. */
export async function loginOptions(db: Db, rp: RelyingParty, userId: string | undefined): Promise<PasskeyRequestOptions> {
  const id = userId?.trim().toLowerCase();
  const allow = id
    ? await db
        .select({ id: passkeys.id, transports: passkeys.transports })
        .from(passkeys)
        .innerJoin(users, eq(users.no, passkeys.userNo))
        .where(and(eq(users.userId, id), ne(users.status, 'withdrawn')))
    : [];
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: allow.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransportFuture[] })),
  }) as Promise<PasskeyRequestOptions>;
}
/**
 * My-info's re-check with a passkey: only the member's own keys, and the authenticator must
 * verify the person (a PIN, a fingerprint): possession alone is not the password's equal.
 */
export async function recheckOptions(db: Db, rp: RelyingParty, userNo: number): Promise<PasskeyRequestOptions> {
  const allow = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userNo, userNo));
  if (allow.length === 0) throw badRequest(PASSKEY_SERVER_MSG.none, 'passkey_none');
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: allow.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransportFuture[] })),
  }) as Promise<PasskeyRequestOptions>;
}
type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/**
 * Checks a sign-in answer against the stored key. Answers the member and whether the
 * authenticator verified the person (a PIN or a fingerprint): then the sign-in is also a second step.
 */
export async function verifyPasskeySignIn(
  db: Db,
  body: PasskeyLogin,
  expectedChallenge: string,
  rp: RelyingParty,
  userAgent: string | undefined,
  /** A re-check: the key must be this member's, and the person verified. */
  recheckOf?: number,
): Promise<{ userNo: number; userId: string; userVerified: boolean }> {
  const [row] = await db
    .select({ key: passkeys, userId: users.userId, status: users.status })
    .from(passkeys)
    .innerJoin(users, eq(users.no, passkeys.userNo))
    .where(eq(passkeys.id, body.credential.id))
    .limit(1);
  if (!row || row.status === 'withdrawn') throw unauthorized(PASSKEY_SERVER_MSG.unknown, 'passkey_unknown');
  if (recheckOf !== undefined && row.key.userNo !== recheckOf) throw forbidden(PASSKEY_SERVER_MSG.notYours, 'passkey_not_yours');
  // A discoverable key names its member: it must be the owner of the key it used.
  const handle = body.credential.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(new Uint8Array(userHandle(row.key.userNo)))) {
    throw unauthorized(PASSKEY_SERVER_MSG.unknown, 'passkey_unknown');
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: body.credential as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.key.id,
        publicKey: isoBase64URL.toBuffer(row.key.publicKey),
        counter: row.key.counter,
        transports: row.key.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
  } catch (e) {
    if (e instanceof Error && /counter/i.test(e.message)) throw unauthorized(PASSKEY_SERVER_MSG.counter, 'passkey_counter');
    throw unauthorized(PASSKEY_SERVER_MSG.notVerified, 'passkey_not_verified');
  }
  if (!verification.verified) throw unauthorized(PASSKEY_SERVER_MSG.notVerified, 'passkey_not_verified');
  if (recheckOf !== undefined && !verification.authenticationInfo.userVerified) throw forbidden(PASSKEY_SERVER_MSG.notPerson, 'passkey_not_person');
  if (row.status === 'suspended') {
    // As the password login: the reason and the end date; a suspension whose end passed is over.
    const refusal = await checkSuspension(db, row.key.userNo);
    if (refusal) throw forbidden(refusal, 'suspended');
  }
  const info = verification.authenticationInfo;
  // The counter moves only forward: two answers racing with the same count, one goes through.
  const moved = await db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: now(), lastUsedDevice: deviceName(userAgent) })
    .where(and(eq(passkeys.id, row.key.id), eq(passkeys.counter, row.key.counter)))
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw unauthorized(PASSKEY_SERVER_MSG.counter, 'passkey_counter');
  return { userNo: row.key.userNo, userId: row.userId, userVerified: info.userVerified };
}

/** Two-step sign-in (a one-time code) is on for the member. */
export async function twoStepOn(db: Db, userNo: number): Promise<boolean> {
  const rows = await db
    .select({ userNo: totpSecrets.userNo })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userNo, userNo), isNotNull(totpSecrets.enabledAt)));
  return rows.length > 0;
}
