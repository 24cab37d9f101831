// The proof-of-work challenge solved for real in server tests, as the browser's widget would:
// asked for through /api/spam/challenge, solved with altcha-lib, sent back in the header writes
// read; and members new enough for the new-member rules.
import { eq } from 'drizzle-orm';
import { SPAM_PROOF_HEADER, type SpamChallenge, type SpamPurpose } from '../../common/api/spam.js';
import { users } from '../db/schema/index.js';
import { member } from './boards.js';
import { post, type TestApp } from './harness.js';
import { solveProof } from './spam-proof.js';

export { solveProof } from './spam-proof.js';

/** A member who joined just now (the harness's members joined a month ago): the new-member rules apply. */
export async function newMember(t: TestApp, over: Parameters<typeof member>[1] = {}) {
  const m = await member(t, over);
  await t.database.db.update(users).set({ joinDate: new Date() }).where(eq(users.no, m.no));
  return m;
}

/** A fresh challenge for `purpose` as this caller (null when they need none). */
export async function challengeFor(t: TestApp, purpose: SpamPurpose, cookie?: string): Promise<SpamChallenge | null> {
  const res = await post(t, '/api/spam/challenge', { purpose }, cookie);
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return (res.json() as { challenge: SpamChallenge | null }).challenge;
}

/** Headers carrying a solved challenge for `purpose` (empty when the caller needs none). */
export async function proofHeaders(t: TestApp, purpose: SpamPurpose, cookie?: string): Promise<Record<string, string>> {
  const challenge = await challengeFor(t, purpose, cookie);
  return challenge ? { [SPAM_PROOF_HEADER]: await solveProof(challenge) } : {};
}
