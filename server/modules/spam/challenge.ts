// The proof-of-work challenge (ALTCHA, altcha-lib; decision 47): made here, signed with a key
// derived from the site's secret, solved in the browser, checked here and spent once on every node
// (its nonce's hash goes into used_challenges, as the passkey and sign-in challenges do).
import { createHash } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { SPAM_PROOF_MAX, type SpamChallenge, type SpamPurpose } from '../../../common/api/spam.js';
import type { Db } from '../../db/client.js';
import { usedChallenges } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import type { Sealer } from '../../lib/secret.js';

/** How long a challenge may wait for its write (a long comment takes a while to type). */
export const PROOF_TTL_MS = 30 * 60_000;
/**
 * The work: PBKDF2-SHA-256 at COST iterations for each counter up to a random one in
 * COUNTER_MIN..COUNTER_MAX. About a second on a phone and far less on a computer: nothing a person
 * notices, but every sign-up or message a bot sends costs it the same.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 250;
const COUNTER_MIN = 400;
const COUNTER_MAX = 1200;

export const PROOF_MSG = {
  missing: '자동 등록 방지 확인이 끝나지 않았습니다. 잠시 후 다시 시도해 주세요.',
  invalid: '자동 등록 방지 확인에 실패했습니다. 화면을 새로 고친 뒤 다시 시도해 주세요.',
  expired: '자동 등록 방지 확인 시간이 지났습니다. 다시 시도해 주세요.',
  used: '이미 사용된 확인입니다. 다시 시도해 주세요.',
} as const;

const secretsOf = (sealer: Sealer) => ({
  hmacSignatureSecret: sealer.mac('altcha', 'challenge'),
  hmacKeySignatureSecret: sealer.mac('altcha', 'derived-key'),
});

export async function newChallenge(sealer: Sealer, purpose: SpamPurpose): Promise<SpamChallenge> {
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    data: { purpose },
    expiresAt: new Date(clockNow().getTime() + PROOF_TTL_MS),
    ...secretsOf(sealer),
  });
  return challenge as SpamChallenge;
}

interface Payload {
  challenge: SpamChallenge;
  solution: { counter: number; derivedKey: string; time?: number };
}

function parse(proof: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as Payload;
    const ok =
      typeof p === 'object' &&
      p !== null &&
      typeof p.challenge?.parameters?.nonce === 'string' &&
      typeof p.challenge.signature === 'string' &&
      typeof p.solution?.counter === 'number' &&
      typeof p.solution.derivedKey === 'string';
    return ok ? p : null;
  } catch {
    return null;
  }
}

/**
 * Checks the solved challenge sent with a write for `purpose` and spends it: refused with a
 * Korean message when missing, forged, for another purpose, expired or already used.
 */
export async function spendProof(db: Db, sealer: Sealer, proof: string | undefined, purpose: SpamPurpose): Promise<void> {
  if (!proof) throw badRequest(PROOF_MSG.missing, 'spam_proof_missing');
  const payload = proof.length <= SPAM_PROOF_MAX ? parse(proof) : null;
  if (!payload) throw badRequest(PROOF_MSG.invalid, 'spam_proof_invalid');
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, ...secretsOf(sealer) });
  } catch {
    throw badRequest(PROOF_MSG.invalid, 'spam_proof_invalid');
  }
  if (result.expired) throw badRequest(PROOF_MSG.expired, 'spam_proof_expired');
  // The purpose is signed with the rest: a sign-up's proof does not pass a letter.
  if (!result.verified || payload.challenge.parameters.data?.purpose !== purpose) throw badRequest(PROOF_MSG.invalid, 'spam_proof_invalid');
  const { nonce, expiresAt } = payload.challenge.parameters;
  const challengeHash = createHash('sha256').update(`altcha:${nonce}`).digest('base64url');
  const nowDate = new Date();
  await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, nowDate));
  const fresh = await db
    .insert(usedChallenges)
    .values({ challengeHash, expiresAt: new Date((expiresAt ?? 0) * 1000 || nowDate.getTime() + PROOF_TTL_MS) })
    .onConflictDoNothing()
    .returning({ challengeHash: usedChallenges.challengeHash });
  if (fresh.length === 0) throw badRequest(PROOF_MSG.used, 'spam_proof_used');
}
