// Member management, the reading side: the member list (search, filters, sort, 50 a page) and
// one member's page (ledger, histories, posts, reports against them). Writes: admin-user-actions.ts.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUserListQuery, AdminUserPage, AdminUserRow, AdminUserView } from '../../../common/api/admin-users.js';
import { formatDateTime } from '../../../common/format.js';
import type { Db, Tx } from '../../db/client.js';
import { boards, levelHistory, levels, nickHistory, pointLedger, posts, reports, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

export const USER_PAGE_SIZE = 50;
export const NO_MEMBER = '회원을 찾을 수 없습니다.';

/**
 * The status as members live it: a suspension whose end has passed is over (the row itself is
 * set back to active at the member's next login).
 */
export const effectiveStatus = sql<'active' | 'suspended' | 'withdrawn'>`(case when ${users.status} = 'suspended' and ${users.suspendedUntil} <= now() then 'active' else ${users.status} end)`;

const SORTS: Record<z.output<typeof AdminUserListQuery>['sort'], SQL[]> = {
  joined: [desc(users.joinDate), desc(users.no)],
  points: [desc(users.points), asc(users.no)],
  lastLogin: [sql`${users.lastLoginAt} desc nulls last`, desc(users.no)],
};

/** LIKE wildcards typed by the admin are matched literally. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const rowColumns = {
  no: users.no,
  userId: users.userId,
  nickName: users.nickName,
  email: users.email,
  status: effectiveStatus,
  admin: users.admin,
  real: users.real,
  points: users.points,
  levelName: levels.name,
  joinDate: users.joinDate,
  lastLoginAt: users.lastLoginAt,
  suspendedUntil: users.suspendedUntil,
};

type RawRow = {
  no: number;
  userId: string;
  nickName: string | null;
  email: string | null;
  status: 'active' | 'suspended' | 'withdrawn';
  admin: boolean;
  real: boolean;
  points: number;
  levelName: string | null;
  joinDate: Date;
  lastLoginAt: Date | null;
  suspendedUntil: Date | null;
};

function present(r: RawRow): AdminUserRow {
  const suspended = r.status === 'suspended';
  return {
    no: r.no,
    userId: r.userId,
    nickName: r.nickName ?? '',
    email: r.email ?? '',
    status: r.status,
    admin: r.admin,
    real: r.real,
    points: r.points,
    levelName: r.levelName ?? '',
    joinDate: formatDateTime(r.joinDate),
    lastLoginAt: r.lastLoginAt ? formatDateTime(r.lastLoginAt) : null,
    suspendedUntil: suspended && r.suspendedUntil ? formatDateTime(r.suspendedUntil) : null,
  };
}

export async function listUsers(db: Db, q: z.output<typeof AdminUserListQuery>): Promise<z.output<typeof AdminUserPage>> {
  const search = q.search ? likeText(q.search) : null;
  const where = and(
    search ? or(ilike(users.userId, search), ilike(users.nickName, search), ilike(users.email, search)) : undefined,
    q.status ? sql`${effectiveStatus} = ${q.status}` : undefined,
    q.admin === undefined ? undefined : eq(users.admin, q.admin),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .leftJoin(levels, eq(levels.id, users.levelId))
      .where(where)
      .orderBy(...SORTS[q.sort])
      .limit(USER_PAGE_SIZE)
      .offset((q.page - 1) * USER_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { items: rows.map(present), page: q.page, pageSize: USER_PAGE_SIZE, total: Number(count?.n ?? 0) };
}

async function history(db: Tx, table: typeof nickHistory | typeof levelHistory, userNo: number) {
  const rows = await db
    .select({ content: table.content, regDate: table.regDate })
    .from(table)
    .where(eq(table.userNo, userNo))
    .orderBy(desc(table.regDate), desc(table.id))
    .limit(50);
  return rows.map((r) => ({ content: r.content, regDate: formatDateTime(r.regDate) }));
}

export async function viewUser(db: Db, userNo: number): Promise<AdminUserView> {
  const [row] = await db
    .select({
      ...rowColumns,
      levelId: users.levelId,
      suspendReason: users.suspendReason,
      canMarket: users.canMarket,
      marketAllowed: sql<boolean>`(${users.admin} or coalesce(${users.canMarket}, ${levels.canMarket}, false))`,
    })
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .where(eq(users.no, userNo));
  if (!row) throw notFound(NO_MEMBER);
  const reporter = sql<string>`coalesce((select u.nick_name from ${users} u where u.no = ${reports.reporterNo}), '')`;
  const [levelRows, ledger, nicks, levelLines, postRows, [reportCount], recentReports] = await Promise.all([
    db.select({ id: levels.id, name: levels.name, minPoints: levels.minPoints }).from(levels).orderBy(asc(levels.minPoints)),
    db
      .select({ amount: pointLedger.amount, reason: pointLedger.reason, createdAt: pointLedger.createdAt })
      .from(pointLedger)
      .where(eq(pointLedger.userNo, userNo))
      .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
      .limit(50),
    history(db, nickHistory, userNo),
    history(db, levelHistory, userNo),
    db
      .select({ key: posts.key, boardId: posts.boardId, boardName: boards.name, subject: posts.subject, createdAt: posts.createdAt, deletedAt: posts.deletedAt, hiddenAt: posts.hiddenAt })
      .from(posts)
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .where(eq(posts.userNo, userNo))
      .orderBy(desc(posts.key))
      .limit(10),
    db
      .select({ total: sql<number>`count(*)::int`, open: sql<number>`(count(*) filter (where ${reports.status} = 'open'))::int` })
      .from(reports)
      .where(eq(reports.authorNo, userNo)),
    db
      .select({ id: reports.id, kind: reports.kind, targetKey: reports.targetKey, reason: reports.reason, status: reports.status, reporter, createdAt: reports.createdAt })
      .from(reports)
      .where(eq(reports.authorNo, userNo))
      .orderBy(desc(reports.id))
      .limit(10),
  ]);
  return {
    user: {
      ...present(row),
      levelId: row.levelId,
      suspendReason: row.status === 'suspended' ? row.suspendReason : null,
      canMarket: row.canMarket,
      marketAllowed: Boolean(row.marketAllowed),
    },
    levels: levelRows,
    ledger: ledger.map((l) => ({ amount: l.amount, reason: l.reason, createdAt: formatDateTime(l.createdAt) })),
    nickHistory: nicks,
    levelHistory: levelLines,
    posts: postRows.map((p) => ({
      key: p.key,
      boardId: p.boardId,
      boardName: p.boardName,
      subject: p.subject,
      createdAt: formatDateTime(p.createdAt),
      deleted: p.deletedAt !== null,
      hidden: p.hiddenAt !== null,
    })),
    reports: {
      total: Number(reportCount?.total ?? 0),
      open: Number(reportCount?.open ?? 0),
      recent: recentReports.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })),
    },
  };
}
