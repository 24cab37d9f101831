// Password reset in three steps (docs/product/members.md#password-reset). The server keeps the flow: step 2 only after step 1
// for that account in the same browser, step 3 only after a passed step 2, within minutes, once.
// Flows, wrong answers and the lock are per account and client (a browser that signed in to the
// account before, else the address): nobody elsewhere can lock the owner's reset (decision 16).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { normaliseAnswer } from '../../../common/validation.js';
import type { Db, Tx } from '../../db/client.js';
import { resetFlows, users } from '../../db/schema/index.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Client } from '../../lib/known-device.js';
import type { Sealer } from '../../lib/secret.js';
import { noteAccountFailure } from '../alarms/service.js';
import { closeOldPasswordWays } from './password-change.js';

export const RESET_COOKIE = 'chalkak_reset';
const STEP_MS = 10 * 60_000;
const LOCK_MS = 30 * 60_000;
export const MAX_WRONG_ANSWERS = 5;

export const RESET_MSG = {
  noMember: '아이디와 이메일이 일치하는 회원을 찾을 수 없습니다.',
  restart: '암호 찾기를 처음 단계부터 다시 진행해 주세요.',
  locked: '답변을 여러 번 틀려 30분 동안 암호 찾기를 할 수 없습니다.',
  busy: '이 계정에 여러 곳에서 암호 찾기 시도가 많아 잠시 막았습니다. 전에 로그인한 적이 있는 브라우저에서는 계속할 수 있습니다.',
  wrongAnswer: (left: number) => `답변이 올바르지 않습니다. (남은 기회 ${left}번)`,
  noQuestion: '비밀번호 질문이 등록되어 있지 않습니다. 관리자에게 문의하세요.',
  done: '암호가 변경되었습니다.',
} as const;

const hashToken = (t: string) => createHash('sha256').update(t).digest('base64url');
const locked = () => new HttpError(429, 'reset_locked', RESET_MSG.locked);
const ofClient = (userNo: number, client: Client) => and(eq(resetFlows.userNo, userNo), eq(resetFlows.client, client.key));

async function findMember(db: Tx, userId: string, email: string) {
  const [u] = await db
    .select({ no: users.no, question: users.question, answerEnc: users.answerEnc })
    .from(users)
    .where(and(eq(users.userId, userId.trim().toLowerCase()), eq(users.email, email), eq(users.status, 'active')))
    .limit(1);
  if (!u) throw notFound(RESET_MSG.noMember, 'reset_no_member');
  return u;
}

/** Step 1: userId and email -> the security question; starts a flow bound to this browser. */
export async function step1(db: Db, reply: FastifyReply, client: Client, userId: string, email: string, secure: boolean) {
  const u = await findMember(db, userId, email);
  if (!u.question) throw badRequest(RESET_MSG.noQuestion, 'reset_no_question');
  const now = Date.now();
  const [flow] = await db.select().from(resetFlows).where(ofClient(u.no, client));
  if (flow?.lockedUntil && flow.lockedUntil.getTime() > now) throw locked();
  // Wrong answers are remembered across restarts until a lock has run its course.
  const wrongAnswers = flow && !flow.lockedUntil ? flow.wrongAnswers : 0;
  const token = randomBytes(32).toString('base64url');
  const values = {
    tokenHash: hashToken(token),
    stage: 'asked' as const,
    wrongAnswers,
    lockedUntil: null,
    expiresAt: new Date(now + STEP_MS),
  };
  await db
    .insert(resetFlows)
    .values({ userNo: u.no, client: client.key, ...values })
    .onConflictDoUpdate({ target: [resetFlows.userNo, resetFlows.client], set: values });
  reply.setCookie(RESET_COOKIE, token, { path: '/api/public/find', httpOnly: true, sameSite: 'strict', secure });
  return { question: u.question };
}

async function currentFlow(db: Tx, userNo: number, client: Client, token: string | undefined, stage: 'asked' | 'verified') {
  const [flow] = await db.select().from(resetFlows).where(ofClient(userNo, client));
  if (flow?.lockedUntil && flow.lockedUntil.getTime() > Date.now()) throw locked();
  const sameBrowser =
    !!flow && !!token && timingSafeEqual(Buffer.from(flow.tokenHash), Buffer.from(hashToken(token)));
  if (!flow || !sameBrowser || flow.stage !== stage || flow.expiresAt.getTime() < Date.now()) {
    throw badRequest(RESET_MSG.restart, 'reset_out_of_order');
  }
  return flow;
}

function answerMatches(sealer: Sealer, answerEnc: string | null, answer: string): boolean {
  if (!answerEnc) return false;
  const a = Buffer.from(createHash('sha256').update(sealer.open(answerEnc)).digest());
  const b = Buffer.from(createHash('sha256').update(normaliseAnswer(answer)).digest());
  return timingSafeEqual(a, b);
}

/** Step 2: the answer. Wrong answers count; the fifth locks the flow for 30 minutes. */
export async function step2(
  db: Db,
  sealer: Sealer,
  client: Client,
  token: string | undefined,
  form: { userId: string; email: string; answer: string },
) {
  const u = await findMember(db, form.userId, form.email);
  await currentFlow(db, u.no, client, token, 'asked');
  // One attempt is taken before the answer is compared, in one statement: answers sent at the
  // same time each take their own, so no more than MAX_WRONG_ANSWERS are ever compared.
  // The attempt that reaches the limit sets the lock with it (a right answer lifts it below).
  const lockUntil = new Date(Date.now() + LOCK_MS);
  const [attempt] = await db
    .update(resetFlows)
    .set({
      wrongAnswers: sql`${resetFlows.wrongAnswers} + 1`,
      lockedUntil: sql`case when ${resetFlows.wrongAnswers} + 1 >= ${MAX_WRONG_ANSWERS} then ${lockUntil} else ${resetFlows.lockedUntil} end`,
    })
    .where(and(ofClient(u.no, client), eq(resetFlows.stage, 'asked'), lt(resetFlows.wrongAnswers, MAX_WRONG_ANSWERS)))
    .returning({ wrong: resetFlows.wrongAnswers });
  if (!attempt) {
    const [flow] = await db.select({ wrong: resetFlows.wrongAnswers }).from(resetFlows).where(ofClient(u.no, client));
    throw flow && flow.wrong >= MAX_WRONG_ANSWERS ? locked() : badRequest(RESET_MSG.restart, 'reset_out_of_order');
  }
  if (!answerMatches(sealer, u.answerEnc, form.answer)) {
    if (!client.known) await noteAccountFailure(db, u.no, 'reset_failed');
    const wrong = attempt.wrong;
    if (wrong >= MAX_WRONG_ANSWERS) throw locked();
    throw badRequest(RESET_MSG.wrongAnswer(MAX_WRONG_ANSWERS - wrong), 'reset_wrong_answer');
  }
  await db
    .update(resetFlows)
    .set({ stage: 'verified', wrongAnswers: 0, lockedUntil: null, expiresAt: new Date(Date.now() + STEP_MS) })
    .where(ofClient(u.no, client));
}

/** Step 3: the new password; the flow ends and every session of the account with it. */
export async function step3(
  db: Db,
  sealer: Sealer,
  client: Client,
  token: string | undefined,
  form: { userId: string; email: string; answer: string; password: string },
) {
  const u = await findMember(db, form.userId, form.email);
  await currentFlow(db, u.no, client, token, 'verified');
  if (!answerMatches(sealer, u.answerEnc, form.answer)) throw badRequest(RESET_MSG.restart, 'reset_out_of_order');
  const passwordHash = await hashPassword(form.password);
  await db.transaction(async (tx) => {
    // Deleting the flow first makes a second, racing step 3 find nothing.
    const gone = await tx.delete(resetFlows).where(ofClient(u.no, client)).returning({ no: resetFlows.userNo });
    if (!gone.length) throw badRequest(RESET_MSG.restart, 'reset_out_of_order');
    await tx.update(users).set({ passwordHash }).where(eq(users.no, u.no));
    await closeOldPasswordWays(tx, u.no);
  });
}
