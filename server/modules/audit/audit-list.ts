// The audit log as the admin page reads it: newest first, 50 a page, filtered by admin, action,
// target and days (the site's days, Asia/Seoul).
import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditListQuery, AuditPage } from '../../../common/api/admin-audit.js';
import type { Db } from '../../db/client.js';
import { adminAudit, users } from '../../db/schema/index.js';

export const AUDIT_PAGE_SIZE = 50;

/** The instant a KST day (YYYY-MM-DD) starts. */
export const kstDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+09:00`));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

function auditWhere(q: z.output<typeof AuditListQuery>): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (q.actor) parts.push(or(eq(users.userId, q.actor), eq(users.nickName, q.actor)));
  // 'product' finds every product.* action; 'product.save' only that one.
  if (q.action) parts.push(q.action.includes('.') ? eq(adminAudit.action, q.action) : like(adminAudit.action, `${escapeLike(q.action)}.%`));
  if (q.targetKind) parts.push(eq(adminAudit.targetKind, q.targetKind));
  if (q.targetKey) parts.push(eq(adminAudit.targetKey, q.targetKey));
  if (q.from) parts.push(gte(adminAudit.at, kstDayStart(q.from)));
  if (q.to) parts.push(lt(adminAudit.at, new Date(kstDayStart(q.to).getTime() + 86_400_000)));
  return parts.length ? and(...parts) : undefined;
}

export async function listAudit(db: Db, q: z.output<typeof AuditListQuery>): Promise<z.output<typeof AuditPage>> {
  const where = auditWhere(q);
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: adminAudit, userId: users.userId, nickName: users.nickName })
      .from(adminAudit)
      .innerJoin(users, eq(users.no, adminAudit.actorNo))
      .where(where)
      .orderBy(desc(adminAudit.at), desc(adminAudit.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((q.page - 1) * AUDIT_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminAudit)
      .innerJoin(users, eq(users.no, adminAudit.actorNo))
      .where(where),
  ]);
  return {
    items: rows.map(({ entry: e, userId, nickName }) => ({
      id: e.id,
      at: e.at.toISOString(),
      actor: { no: e.actorNo, userId, nickName },
      action: e.action,
      targetKind: e.targetKind,
      targetKey: e.targetKey,
      before: e.before,
      after: e.after,
    })),
    page: q.page,
    pageSize: AUDIT_PAGE_SIZE,
    total: Number(count?.n ?? 0),
  };
}
