// The two short-lived sealed cookies of a provider sign-in (docs/decisions/0043-kakao-and-naver-sign-in.md):
// the flow (state, PKCE verifier, nonce, what it is for) that only the callback reads, and the
// provider account waiting for the completion step. Sealed with the site's key (AES-256-GCM), so
// the browser can neither read nor change them; starting writes nothing in the database, and the
// return spends its state once (spendFlow).
import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAuthProvider } from '../../../common/api/oauth.js';
import type { Db } from '../../db/client.js';
import { usedChallenges } from '../../db/schema/index.js';
import type { Sealer } from '../../lib/secret.js';

export const FLOW_COOKIE = 'chalkak_oauth';
export const PENDING_COOKIE = 'chalkak_oauth_pending';
const FLOW_PATH = '/auth/callback';
const PENDING_PATH = '/api/auth/oauth';
const FLOW_SECONDS = 600;
const PENDING_SECONDS = 900;

export interface Flow {
  provider: OAuthProvider;
  state: string;
  verifier: string;
  /** OpenID Connect only (Kakao). */
  nonce: string | null;
  purpose: 'login' | 'link' | 'recheck';
  /** link, recheck: the member who asked, and the session they asked from. */
  userNo: number | null;
  sessionHash: string | null;
  /** recheck: the site's page to come back to. */
  back?: string | null;
  remember: boolean;
  expires: number;
}

export interface Pending {
  provider: OAuthProvider;
  subject: string;
  email: string | null;
  nickName: string | null;
  remember: boolean;
  expires: number;
}

const secure = (req: FastifyRequest) => req.protocol === 'https';

function write(reply: FastifyReply, req: FastifyRequest, sealer: Sealer, name: string, path: string, seconds: number, value: object) {
  // Lax: the provider brings the member back with a top-level GET from its own site.
  reply.setCookie(name, sealer.seal(JSON.stringify(value)), { path, httpOnly: true, sameSite: 'lax', secure: secure(req), maxAge: seconds });
}

function read<T extends { expires: number; provider: unknown }>(req: FastifyRequest, sealer: Sealer, name: string): T | null {
  const raw = req.cookies[name];
  if (!raw || raw.length > 4000) return null;
  try {
    const value = JSON.parse(sealer.open(raw)) as T;
    if (typeof value.expires !== 'number' || value.expires < Date.now() || !OAuthProvider.safeParse(value.provider).success) return null;
    return value;
  } catch {
    return null;
  }
}

export function writeFlow(reply: FastifyReply, req: FastifyRequest, sealer: Sealer, flow: Omit<Flow, 'expires'>) {
  write(reply, req, sealer, FLOW_COOKIE, FLOW_PATH, FLOW_SECONDS, { ...flow, expires: Date.now() + FLOW_SECONDS * 1000 });
}
export const readFlow = (req: FastifyRequest, sealer: Sealer) => read<Flow>(req, sealer, FLOW_COOKIE);
export const clearFlow = (reply: FastifyReply, req: FastifyRequest) =>
  reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH, httpOnly: true, sameSite: 'lax', secure: secure(req) });

export function writePending(reply: FastifyReply, req: FastifyRequest, sealer: Sealer, pending: Omit<Pending, 'expires'>) {
  write(reply, req, sealer, PENDING_COOKIE, PENDING_PATH, PENDING_SECONDS, { ...pending, expires: Date.now() + PENDING_SECONDS * 1000 });
}
export const readPending = (req: FastifyRequest, sealer: Sealer) => read<Pending>(req, sealer, PENDING_COOKIE);
export const clearPending = (reply: FastifyReply, req: FastifyRequest) =>
  reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH, httpOnly: true, sameSite: 'lax', secure: secure(req) });

/**
 * Spends the flow's state: true the first time, false for a return sent again with the same
 * cookie (on any node). Kept with the passkeys' answered challenges until the flow would expire.
 */
export async function spendFlow(db: Db, flow: Flow): Promise<boolean> {
  const challengeHash = createHash('sha256').update(`oauth-state:${flow.state}`).digest('base64url');
  await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, new Date()));
  const fresh = await db
    .insert(usedChallenges)
    .values({ challengeHash, expiresAt: new Date(flow.expires) })
    .onConflictDoNothing()
    .returning({ challengeHash: usedChallenges.challengeHash });
  return fresh.length > 0;
}
