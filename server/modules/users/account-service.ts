// My-info, profile change, histories and withdrawal (docs/product/members.md#my-info, docs/product/members.md#withdrawal).
import { and, desc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { type HistoryEntry, PASSWORD_PROMPT, type Profile, type UpdateForm, type WithdrawalCheck, WITHDRAWAL_MSG } from '../../../common/api/account.js';
import { formatDateTime } from '../../../common/format.js';
import { normaliseAnswer } from '../../../common/validation.js';
import type { Db, Tx } from '../../db/client.js';
import {
  authLinks,
  comments,
  emailTokens,
  gearDismissals,
  gearItems,
  gearSettings,
  identityRequests,
  levelHistory,
  levels,
  marketAlerts,
  marketAlertSent,
  memberIgnores,
  nickHistory,
  notifySettings,
  passkeys,
  pointLedger,
  posts,
  pushSubscriptions,
  recoveryCodes,
  resetFlows,
  totpSecrets,
  users,
  watermarkSettings,
} from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Sealer } from '../../lib/secret.js';
import { now as clockNow } from '../../lib/clock.js';
import { endAllSessions, forgetMember, type Member } from '../../lib/session.js';
import { GALLERY_BOARD, MARKET_BOARD } from '../posts/kinds.js';
import { closeTradesOfLeaving, marketBoardForLeaving, tradesClosed, tradesOfLeaving } from '../market/withdrawal.js';
import { vetNickName } from './nick-names.js';
import { closeOldPasswordWays } from './password-change.js';
import { usablePassword } from '../oauth/service.js';
import { asTakenConflict, TAKEN } from './service.js';

export const WRONG_PASSWORD = '암호가 올바르지 않습니다.';
export const REAUTH_NEEDED = '보안을 위해 내 정보를 다시 열어 암호를 입력해 주세요.';
/** Profile changes must follow a password prompt within this time. */
const REAUTH_WINDOW_MS = 15 * 60_000;

async function requirePassword(db: Tx, userNo: number, password: string) {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.no, userNo));
  if (!(await verifyPassword(row?.hash, password))) throw unauthorized(WRONG_PASSWORD, 'wrong_password');
}

export async function myInfo(db: Tx, sealer: Sealer, member: Member, password: string): Promise<Profile> {
  await requirePassword(db, member.no, password);
  return readProfile(db, sealer, member);
}

/**
 * My-info's profile after a re-check that was not the password (a linked provider's round trip or
 * a passkey, for a member who has no password): within the prompt's 15 minutes, in this session.
 */
export async function rechecked(db: Tx, sealer: Sealer, member: Member): Promise<Profile> {
  assertRecentReauth(member);
  return readProfile(db, sealer, member);
}

async function readProfile(db: Tx, sealer: Sealer, member: Member): Promise<Profile> {
  const [row] = await db
    .select({ user: users, levelName: levels.name })
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .where(eq(users.no, member.no));
  if (!row) throw notFound();
  const u = row.user;
  return {
    userId: u.userId,
    levelName: row.levelName ?? '',
    joinDate: formatDateTime(u.joinDate),
    nickName: u.nickName ?? '',
    email: u.email ?? '',
    emailVerified: u.emailVerifiedAt !== null,
    question: u.question ?? '',
    answer: u.answerEnc ? sealer.open(u.answerEnc) : '',
    real: u.real,
    points: u.points,
  };
}

export async function history(db: Tx, userNo: number, kind: 'nick' | 'level'): Promise<HistoryEntry[]> {
  const table = kind === 'nick' ? nickHistory : levelHistory;
  const rows = await db
    .select({ content: table.content, regDate: table.regDate })
    .from(table)
    .where(eq(table.userNo, userNo))
    .orderBy(desc(table.regDate), desc(table.id))
    .limit(100);
  return rows.map((r) => ({ content: r.content, regDate: formatDateTime(r.regDate) }));
}

export function assertRecentReauth(member: Member) {
  if (!member.reauthAt || Date.now() - member.reauthAt.getTime() > REAUTH_WINDOW_MS) {
    throw forbidden(REAUTH_NEEDED, 'reauth_needed');
  }
}

type ParsedUpdate = { [K in keyof UpdateForm]-?: string };

/**
 * Saves the profile. A new nickname writes a history row; a new password ends other sessions; a
 * new address is no longer verified. True when the address changed.
 */
export async function updateProfile(db: Db, sealer: Sealer, member: Member, form: ParsedUpdate): Promise<boolean> {
  assertRecentReauth(member);
  const passwordHash = form.password ? await hashPassword(form.password) : undefined;
  let emailChanged = false;
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.no, member.no));
      if (!current) throw notFound();
      // A nickname kept as it is needs no new look; a changed one passes the shared rule.
      const nickChanged = current.nickName !== form.nickName;
      const nickSkeleton = nickChanged ? await vetNickName(tx, form.nickName, { userNo: member.no, admin: current.admin }) : undefined;
      const taken = await tx
        .select({ no: users.no })
        .from(users)
        .where(and(eq(users.email, form.email), ne(users.no, member.no)))
        .limit(1);
      if (taken.length) throw conflict(TAKEN.email, 'email_taken');
      emailChanged = current.email !== form.email;
      await tx
        .update(users)
        .set({
          ...(nickChanged ? { nickName: form.nickName, nickSkeleton } : {}),
          email: form.email,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          question: form.question,
          answerEnc: sealer.seal(normaliseAnswer(form.answer)),
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.no, member.no));
      if (nickChanged) {
        await tx.insert(nickHistory).values({ userNo: member.no, content: `${current.nickName ?? ''} → ${form.nickName}` });
      }
      if (passwordHash) await closeOldPasswordWays(tx, member.no, member.sessionHash);
    });
  } catch (e) {
    throw asTakenConflict(e);
  }
  forgetMember(member.no);
  return emailChanged;
}

/** The market's items and the gallery's photos are posts too, but not board posts: withdrawal keeps them (and the comments under them). */
const onBoards = notInArray(posts.boardId, [MARKET_BOARD, GALLERY_BOARD]);

/** Board posts and comments still standing: they must go before the member can leave. */
export async function remainingContent(db: Tx, userNo: number) {
  const [p] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.userNo, userNo), isNull(posts.deletedAt), onBoards));
  // Comments under a deleted post can no longer be seen or deleted, so they do not count.
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .innerJoin(posts, eq(posts.key, comments.postKey))
    .where(and(eq(comments.userNo, userNo), isNull(comments.deletedAt), isNull(posts.deletedAt), onBoards));
  return { posts: p?.n ?? 0, comments: c?.n ?? 0 };
}

/** What the withdrawal dialog shows before the password: what holds it and what it would close. */
export async function withdrawalCheck(db: Db, userNo: number): Promise<WithdrawalCheck> {
  return { ...(await remainingContent(db, userNo)), ...(await tradesOfLeaving(db, userNo, clockNow())) };
}

/**
 * Who may leave: a member with a password gives it (and only it); a member without one (joined with
 * Kakao or Naver alone) sends none and must hold this session's re-check mark, the same 15 minutes
 * my-info's prompt gives (docs/product/sign-in.md#re-check-without-a-password).
 */
async function requireWithdrawalCheck(db: Tx, member: Member, password: string | undefined) {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.no, member.no));
  if (!row) throw notFound();
  if (usablePassword(row.hash)) {
    if (password === undefined) throw badRequest(PASSWORD_PROMPT, 'password_needed');
    await requirePassword(db, member.no, password);
    return;
  }
  if (password !== undefined) throw badRequest(WITHDRAWAL_MSG.noPassword, 'no_password');
  if (!member.reauthAt || Date.now() - member.reauthAt.getTime() > REAUTH_WINDOW_MS) {
    throw forbidden(WITHDRAWAL_MSG.recheckNeeded, 'reauth_needed');
  }
}

/**
 * Withdrawal (docs/product/members.md#withdrawal, decision 32): deletes profile data and points; the userId stays reserved
 * forever; market items, gallery items and the comments under them stay; board posts and
 * comments must be gone first; open trades close and running auctions with bids hold it.
 */
export async function withdraw(db: Db, member: Member, password: string | undefined) {
  await requireWithdrawalCheck(db, member, password);
  if (member.adminAccount) throw forbidden('관리자 계정은 탈퇴할 수 없습니다. 다른 관리자에게 권한을 넘긴 뒤 해제하세요.', 'admin_withdraw');
  const market = await marketBoardForLeaving(db);
  const closed = await db.transaction(async (tx) => {
    const left = await remainingContent(tx, member.no);
    if (left.posts > 0 || left.comments > 0) {
      throw badRequest(WITHDRAWAL_MSG.contentLeft(left.posts, left.comments), 'content_remains');
    }
    const keys = await closeTradesOfLeaving(tx, market, member.no, clockNow());
    // What the member kept for themselves goes: histories, ways in, devices, settings, their gear,
    // price alerts (with the pairs they were told of) and the members they ignored.
    await tx
      .delete(marketAlertSent)
      .where(and(eq(marketAlertSent.source, 'alert'), sql`${marketAlertSent.sourceKey} in (select a.id from market_alerts a where a.user_no = ${member.no})`));
    const own = [pointLedger, nickHistory, levelHistory, resetFlows, identityRequests, passkeys, authLinks, recoveryCodes, totpSecrets];
    const kept = [pushSubscriptions, notifySettings, emailTokens, gearItems, gearSettings, gearDismissals, marketAlerts, watermarkSettings, memberIgnores];
    for (const table of [...own, ...kept]) {
      await tx.delete(table).where(eq(table.userNo, member.no));
    }
    await tx
      .update(users)
      .set({
        nickName: null,
        nickSkeleton: null,
        email: null,
        question: null,
        answerEnc: null,
        points: 0,
        levelId: null,
        real: false,
        realDupHash: null,
        passwordHash: '!withdrawn',
        status: 'withdrawn',
        withdrawnAt: new Date(),
      })
      .where(eq(users.no, member.no));
    await endAllSessions(tx, member.no);
    return keys;
  });
  tradesClosed(db, closed);
}
