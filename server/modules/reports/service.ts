// Reports: a member reports a post, comment or letter once; the admin queue lists them (open
// first) with the thing in context, and resolves a thing's open reports at once: dismiss, hide
// it, or hide it and suspend its author. Every reporter is told by alarm; every outcome audited.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AdminReportListQuery, AdminReportPage, AdminReportResolve, AdminReportRestore, ReportKind, ReportOutcome } from '../../../common/api/reports.js';
import type { Db, Tx } from '../../db/client.js';
import { alarms, comments, posts, reports, users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { now as clockNow } from '../../lib/clock.js';
import { forgetMember, type Member } from '../../lib/session.js';
import { alarmText, createAlarms } from '../alarms/service.js';
import { notifyReport } from '../notify/hook.js';
import { getBoard } from '../posts/board-rules.js';
import { backInTrade, lockItemBeforePost, takeOutOfTrade } from '../market/hidden.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { suspendMember } from '../users/admin-user-actions.js';
import { holdIfReported } from '../spam/held.js';
import { hideTarget, isMarketPost, type LiveKind, reportableTarget, targetChanged, targetsOf, type TargetPlace, unhideTarget } from './targets.js';

export const PAGE_SIZE = 50;

export const MSG = {
  twice: { post: '이미 신고한 글입니다.', comment: '이미 신고한 댓글입니다.', letter: '이미 신고한 쪽지입니다.', market: '이미 신고한 매물입니다.', gallery: '이미 신고한 사진입니다.' } as Record<string, string>,
  noReport: '신고를 찾을 수 없습니다.',
  done: '이미 처리된 신고입니다.',
  noAuthor: '작성자를 알 수 없어 이용을 정지할 수 없습니다.',
  notHidden: '가려진 내용이 아닙니다.',
  restored: '가림이 풀려 다시 보입니다.',
  notYourBoard: '맡은 게시판의 신고만 처리할 수 있습니다.',
  managerSuspend: '작성자 이용 정지는 관리자만 할 수 있습니다.',
} as const;

/**
 * The board a report's thing is on (a post's, a market or gallery item's, a comment's post's);
 * null for a letter. The queue of a board manager holds only their boards' reports.
 */
const reportBoard = sql<string | null>`(case
  when ${reports.kind} in ('post', 'market', 'gallery') then (select p.board_id from ${posts} p where p.key = ${reports.targetKey}::bigint)
  when ${reports.kind} = 'comment' then (select p.board_id from ${comments} c join ${posts} p on p.key = c.post_key where c.key = ${reports.targetKey}::bigint)
end)`;

/** Boards null: an administrator's queue, every report. Otherwise the reports of those boards. */
const onBoards = (boards: readonly string[] | null) => (boards === null ? undefined : boards.length ? inArray(reportBoard, [...boards]) : sql`false`);

/** Refuses a manager a report of a board they do not manage (or a letter's). */
async function requireOnBoards(tx: Tx, reportId: number, boards: readonly string[] | null) {
  if (boards === null) return;
  const [row] = await tx.select({ boardId: reportBoard }).from(reports).where(eq(reports.id, reportId));
  if (!row?.boardId || !boards.includes(row.boardId)) throw forbidden(MSG.notYourBoard, 'not_your_board');
}

/** What each reporter is told; the thing's subject goes with it. */
export const OUTCOME_ALARM: Record<ReportOutcome, string> = {
  dismiss: '신고하신 내용을 검토했으나 운영 원칙에 어긋나지 않아 그대로 두었습니다. 신고해 주셔서 감사합니다.',
  hide: '신고하신 내용을 관리자가 가렸습니다. 신고해 주셔서 감사합니다.',
  suspend: '신고하신 내용을 가리고 작성자의 이용을 정지했습니다. 신고해 주셔서 감사합니다.',
};

const STATUS_OF: Record<ReportOutcome, 'dismissed' | 'hidden' | 'suspended'> = { dismiss: 'dismissed', hide: 'hidden', suspend: 'suspended' };

export async function saveReport(db: Db, member: Member, input: { kind: ReportKind; key: number; reason: string }): Promise<{ id: number }> {
  const target = await reportableTarget(db, member, input.kind, input.key);
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(reports)
      .values({ reporterNo: member.no, kind: input.kind, targetKey: String(input.key), authorNo: target.authorNo, reason: input.reason })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    // Administrators and the board's managers hear of a new report by their settings (docs/product/notifications.md).
    if (saved) {
      const [place] = await tx.select({ boardId: reportBoard }).from(reports).where(eq(reports.id, saved.id));
      await notifyReport(tx, { reporterNo: member.no, kind: input.kind, reason: input.reason, boardId: place?.boardId ?? null });
    }
    // Reported by enough different members, the author is held for review (docs/product/spam.md).
    if (saved) await holdIfReported(tx, target.authorNo);
    return saved;
  });
  if (!row) throw conflict(MSG.twice[input.kind] ?? MSG.twice.post!, 'reported');
  return row;
}

const reporter = alias(users, 'reporter');
const author = alias(users, 'author');

export async function listReports(db: Db, q: z.output<typeof AdminReportListQuery>, boards: readonly string[] | null = null): Promise<AdminReportPage> {
  const mine = onBoards(boards);
  const where = and(q.status ? eq(reports.status, q.status) : undefined, q.kind ? eq(reports.kind, q.kind) : undefined, mine);
  // How many members reported the same thing (its own index: kind, target_key).
  const sameThing = sql<number>`(select count(*)::int from ${reports} r2 where r2.kind = ${reports.kind} and r2.target_key = ${reports.targetKey})`;
  const pageRows = db
      .select({
        r: {
          id: reports.id,
          kind: reports.kind,
          targetKey: reports.targetKey,
          reason: reports.reason,
          status: reports.status,
          createdAt: reports.createdAt,
          resolvedAt: reports.resolvedAt,
        },
        reporterId: reporter.userId,
        reporterNick: reporter.nickName,
        authorId: author.userId,
        authorNick: author.nickName,
        authorStatus: author.status,
        sameThing,
      })
      .from(reports)
      .innerJoin(reporter, eq(reporter.no, reports.reporterNo))
      .leftJoin(author, eq(author.no, reports.authorNo))
      .where(where)
      .orderBy(sql`(${reports.status} = 'open') desc`, desc(reports.createdAt), desc(reports.id))
      .limit(PAGE_SIZE)
      .offset((q.page - 1) * PAGE_SIZE);
  const [rows, [count], [open]] = await Promise.all([
    pageRows,
    db.select({ n: sql<number>`count(*)::int` }).from(reports).where(where),
    db.select({ n: sql<number>`count(*)::int` }).from(reports).where(and(eq(reports.status, 'open'), mine)),
  ]);
  const targets = await targetsOf(db, rows.map(({ r }) => r));
  return {
    items: rows.map(({ r, ...p }) => ({
      id: r.id,
      kind: r.kind,
      targetKey: r.targetKey,
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      reporter: { userId: p.reporterId, nickName: p.reporterNick ?? p.reporterId },
      author: p.authorId ? { userId: p.authorId, nickName: p.authorNick ?? p.authorId, status: p.authorStatus ?? 'active' } : null,
      target: targets.get(`${r.kind}:${r.targetKey}`)!,
      reportCount: Number(p.sameThing),
    })),
    page: q.page,
    pageSize: PAGE_SIZE,
    total: Number(count?.n ?? 0),
    open: Number(open?.n ?? 0),
    // A board manager's queue: their boards' reports, without suspending anyone.
    ...(boards !== null && { manager: true }),
  };
}

/**
 * Tells each reporter how their report ended. About a post or comment the alarm opens the post;
 * about a letter it has no post, and (like the account alarms) one unread alarm per member is
 * kept, its text and time brought up to date.
 */
async function tellReporters(tx: Tx, reporterNos: number[], outcome: ReportOutcome, place: TargetPlace | null, subject: string) {
  const content = OUTCOME_ALARM[outcome];
  if (place) {
    await createAlarms(tx, reporterNos.map((userNo) => ({ userNo, kind: 'report' as const, ...place, content })));
    return;
  }
  for (const userNo of reporterNos) {
    await tx
      .insert(alarms)
      .values({ userNo, kind: 'report', boardId: '', boardName: '', articleKey: 0, subject: alarmText(subject), content })
      .onConflictDoUpdate({
        target: [alarms.userNo, alarms.kind],
        targetWhere: sql`${alarms.readAt} is null and ${alarms.boardId} = ''`,
        set: { content, subject: alarmText(subject), createdAt: sql`now()` },
      });
  }
}

/** Resolves every open report of the reported thing with one outcome. */
export async function resolveReport(db: Db, admin: Member, input: z.output<typeof AdminReportResolve>, boards: readonly string[] | null = null): Promise<{ resolved: number }> {
  if (boards !== null && input.outcome === 'suspend') throw forbidden(MSG.managerSuspend, 'admin_only');
  // Read before the transaction (PGlite has one connection): a hidden market item leaves trade.
  const market = await getBoard(db, MARKET_BOARD);
  const result = await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, input.id)).for('update');
    if (!report) throw notFound(MSG.noReport);
    await requireOnBoards(tx, report.id, boards);
    if (report.status !== 'open') throw conflict(MSG.done, 'resolved');
    const kind = report.kind as LiveKind;
    const key = Number(report.targetKey);
    if (input.outcome === 'suspend' && report.authorNo === null) throw badRequest(MSG.noAuthor);

    if (input.outcome !== 'dismiss' && (kind === 'post' || kind === 'market')) await lockItemBeforePost(tx, key);
    const { place, subject, wasHidden } = await hideTarget(tx, kind, key, input.outcome !== 'dismiss');
    // Out of trade (decision 33): hiding a market item cancels its running auction, bidders told why.
    if (input.outcome !== 'dismiss' && !wasHidden && isMarketPost(kind, place)) await takeOutOfTrade(market, tx, key, clockNow());
    if (input.outcome === 'suspend') {
      const reason = Array.from(input.note || `신고 처리: ${report.reason}`).slice(0, 200).join('');
      await suspendMember(tx, admin, { userNo: report.authorNo!, days: input.days ?? null, reason });
    }
    const closed = await tx
      .update(reports)
      .set({ status: STATUS_OF[input.outcome], resolvedBy: admin.no, resolvedAt: new Date() })
      .where(and(eq(reports.kind, report.kind), eq(reports.targetKey, report.targetKey), eq(reports.status, 'open')))
      .returning({ id: reports.id, reporterNo: reports.reporterNo });
    await tellReporters(tx, [...new Set(closed.map((c) => c.reporterNo))], input.outcome, place, subject);
    await audit(tx, admin, {
      action: 'report.resolve',
      targetKind: kind,
      targetKey: report.targetKey,
      before: { status: 'open', hidden: wasHidden, reports: closed.map((c) => c.id) },
      after: {
        outcome: input.outcome,
        status: STATUS_OF[input.outcome],
        hidden: wasHidden || input.outcome !== 'dismiss',
        days: input.days ?? null,
        note: input.note,
        authorNo: report.authorNo,
      },
    });
    return { resolved: closed.length, place, authorNo: report.authorNo };
  });
  targetChanged(db, result.place);
  // Again after the commit: a request in between may have cached the author as still active.
  if (input.outcome === 'suspend' && result.authorNo !== null) forgetMember(result.authorNo);
  return { resolved: result.resolved };
}

/**
 * Shows the report's hidden thing again (decision 33) and answers what happens next: a market
 * item's seller hears it too (a running auction that hiding cancelled stays cancelled). The
 * reports keep their outcome; the restore is audited.
 */
export async function restoreReport(db: Db, admin: Member, input: z.output<typeof AdminReportRestore>, boards: readonly string[] | null = null): Promise<{ next: string }> {
  const market = await getBoard(db, MARKET_BOARD);
  const result = await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, input.id)).for('update');
    if (!report) throw notFound(MSG.noReport);
    await requireOnBoards(tx, report.id, boards);
    const kind = report.kind as LiveKind;
    const key = Number(report.targetKey);
    if (kind === 'post' || kind === 'market') await lockItemBeforePost(tx, key);
    const { place, wasHidden } = await unhideTarget(tx, kind, key);
    if (!wasHidden) throw conflict(MSG.notHidden, 'not_hidden');
    const next = (isMarketPost(kind, place) ? await backInTrade(market, tx, key) : null) ?? MSG.restored;
    await audit(tx, admin, { action: 'report.restore', targetKind: kind, targetKey: report.targetKey, before: { hidden: true }, after: { hidden: false, report: report.id } });
    return { next, place };
  });
  targetChanged(db, result.place);
  return { next: result.next };
}
