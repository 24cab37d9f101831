// A WebAuthn challenge travels in a short-lived sealed cookie (nothing is written for a visitor who
// only asks for options) and counts once: answering it records its hash in used_challenges, so a
// captured answer sent again, cookie and all, is refused on every node.
import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { usedChallenges } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import type { Sealer } from '../../lib/secret.js';

export type Ceremony = 'register' | 'login' | 'recheck';

/** How long a ceremony may take from options to answer (the browser's own timeout is shorter). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const COOKIE_PATH = '/api/auth/passkey/';
const cookieName = (kind: Ceremony) => (kind === 'register' ? 'chalkak_pk_reg' : kind === 'recheck' ? 'chalkak_pk_recheck' : 'chalkak_pk_login');

export const CHALLENGE_MSG = {
  missing: '패스키 요청이 만료되었습니다. 다시 시도해 주세요.',
  used: '이미 사용된 패스키 요청입니다. 다시 시도해 주세요.',
} as const;

interface Pending {
  challenge: string;
  /** The member who asked (registration, re-check); 0 for a sign-in. */
  userNo: number;
  expiresAt: number;
}

export function issueChallenge(reply: FastifyReply, req: FastifyRequest, sealer: Sealer, kind: Ceremony, challenge: string, userNo: number, nowMs: number) {
  const pending: Pending = { challenge, userNo, expiresAt: nowMs + CHALLENGE_TTL_MS };
  reply.setCookie(cookieName(kind), sealer.seal(JSON.stringify({ kind, ...pending })), {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
}

/**
 * The challenge this browser was given for `kind` (by `userNo` when registering or re-checking), spent now
 * whatever the answer turns out to be: one try per challenge.
 */
export async function spendChallenge(db: Db, req: FastifyRequest, reply: FastifyReply, sealer: Sealer, kind: Ceremony, userNo: number, nowMs: number): Promise<string> {
  const raw = req.cookies[cookieName(kind)];
  reply.clearCookie(cookieName(kind), { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https' });
  let pending: Partial<Pending> & { kind?: string };
  try {
    pending = raw ? (JSON.parse(sealer.open(raw)) as typeof pending) : {};
  } catch {
    // Forged, from another key, or damaged.
    pending = {};
  }
  if (pending.kind !== kind || typeof pending.challenge !== 'string' || pending.userNo !== userNo || typeof pending.expiresAt !== 'number' || pending.expiresAt <= nowMs) {
    throw badRequest(CHALLENGE_MSG.missing, 'passkey_challenge_missing');
  }
  const challengeHash = createHash('sha256').update(pending.challenge).digest('base64url');
  // Those past their time can be refused by the cookie's own expiry: they need not be kept.
  await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, new Date(nowMs)));
  const fresh = await db
    .insert(usedChallenges)
    .values({ challengeHash, expiresAt: new Date(pending.expiresAt) })
    .onConflictDoNothing()
    .returning({ challengeHash: usedChallenges.challengeHash });
  if (fresh.length === 0) throw badRequest(CHALLENGE_MSG.used, 'passkey_challenge_used');
  return pending.challenge;
}
