// Donations (docs/product/donations.md): the admin's list, save and delete (each write audited), and
// the public thanks page by year (anonymous donors as 익명, private amounts left out of the total).
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ANONYMOUS_DONOR,
  type AdminDonateListQuery,
  type AdminDonatePage,
  type AdminDonateSave,
  type AdminDonation,
  type DonateThanks,
} from '../../../common/api/donations.js';
import type { Db, Tx } from '../../db/client.js';
import { donations, users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';

export const PAGE_SIZE = 50;

export const MSG = {
  noDonation: '후원 기록을 찾을 수 없습니다.',
  noMember: '후원한 회원을 찾을 수 없습니다. 닉네임이나 아이디를 확인해 주세요.',
} as const;

type Row = typeof donations.$inferSelect;
type SaveInput = z.output<typeof AdminDonateSave>;

const yearOf = sql<number>`extract(year from ${donations.donatedOn})::int`;
const likeAny = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function kindOf(r: Pick<Row, 'anonymous' | 'donorNo'>): AdminDonation['donorKind'] {
  if (r.anonymous) return 'anonymous';
  return r.donorNo !== null ? 'member' : 'name';
}

/** The fields the audit record keeps. */
const auditFields = (r: Row) => ({
  donorNo: r.donorNo,
  donorName: r.donorName,
  anonymous: r.anonymous,
  amount: r.amount,
  amountPublic: r.amountPublic,
  donatedOn: r.donatedOn,
  message: r.message,
});

export async function listDonations(db: Db, q: z.output<typeof AdminDonateListQuery>): Promise<AdminDonatePage> {
  const where = and(
    q.search
      ? or(ilike(donations.donorName, likeAny(q.search)), ilike(donations.message, likeAny(q.search)), ilike(users.userId, likeAny(q.search)))
      : undefined,
    q.year ? eq(yearOf, q.year) : undefined,
  );
  const order: SQL[] = q.sort === 'amount' ? [desc(donations.amount), desc(donations.id)] : [desc(donations.donatedOn), desc(donations.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select({ d: donations, userId: users.userId })
      .from(donations)
      .leftJoin(users, eq(users.no, donations.donorNo))
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((q.page - 1) * PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${donations.amount}), 0)` })
      .from(donations)
      .leftJoin(users, eq(users.no, donations.donorNo))
      .where(where),
  ]);
  return {
    items: rows.map(({ d, userId }) => ({
      id: d.id,
      donorKind: kindOf(d),
      donorName: d.donorName,
      donorUserId: d.donorNo !== null ? (userId ?? null) : null,
      amount: d.amount,
      amountPublic: d.amountPublic,
      donatedOn: d.donatedOn,
      message: d.message,
      createdAt: d.createdAt.toISOString(),
    })),
    page: q.page,
    pageSize: PAGE_SIZE,
    total: Number(count?.n ?? 0),
    sum: Number(count?.sum ?? 0),
  };
}

/** A member by id (exact, lower case) or nickname (exact); an id wins over someone's same nickname. */
async function findDonor(tx: Tx, name: string): Promise<{ no: number; nickName: string }> {
  const wanted = name.normalize('NFC').trim();
  const rows = await tx
    .select({ no: users.no, userId: users.userId, nickName: users.nickName })
    .from(users)
    .where(or(eq(users.userId, wanted.toLowerCase()), eq(users.nickName, wanted)))
    .limit(2);
  const row = rows.find((r) => r.userId === wanted.toLowerCase()) ?? rows[0];
  if (!row) throw badRequest(MSG.noMember, 'donorName');
  return { no: row.no, nickName: row.nickName ?? row.userId };
}

export async function saveDonation(db: Db, admin: Member, input: SaveInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    let before: Row | undefined;
    if (input.id !== undefined) {
      [before] = await tx.select().from(donations).where(eq(donations.id, input.id)).for('update');
      if (!before) throw notFound(MSG.noDonation);
    }
    let donorNo: number | null = null;
    let donorName = input.donorName;
    if (input.donorKind === 'member') {
      // An unchanged name keeps its member (who may have changed nickname or left since).
      if (before?.donorNo != null && before.donorName === input.donorName) donorNo = before.donorNo;
      else ({ no: donorNo, nickName: donorName } = await findDonor(tx, input.donorName));
    } else if (input.donorKind === 'anonymous') {
      donorName = '';
    }
    const values = {
      donorNo,
      donorName,
      anonymous: input.donorKind === 'anonymous',
      amount: input.amount,
      amountPublic: input.amountPublic,
      donatedOn: input.donatedOn,
      message: input.message,
    };
    const [after] = before
      ? await tx.update(donations).set(values).where(eq(donations.id, before.id)).returning()
      : await tx.insert(donations).values(values).returning();
    await audit(tx, admin, {
      action: 'donation.save',
      targetKind: 'donation',
      targetKey: after!.id,
      before: before ? auditFields(before) : null,
      after: auditFields(after!),
    });
    return { id: after!.id };
  });
}

export async function deleteDonation(db: Db, admin: Member, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(donations).where(eq(donations.id, id)).returning();
    if (!gone) throw notFound(MSG.noDonation);
    await audit(tx, admin, { action: 'donation.delete', targetKind: 'donation', targetKey: id, before: auditFields(gone), after: null });
  });
}

/** The public thanks page: the years with donations and one year's list (the newest by default). */
export async function donateThanks(db: Db, year: number | undefined): Promise<DonateThanks> {
  const yearRows = await db.selectDistinct({ year: yearOf }).from(donations).orderBy(desc(yearOf));
  const years = yearRows.map((r) => Number(r.year));
  const shown = year ?? years[0] ?? null;
  if (shown === null) return { years, year: null, items: [], total: 0, count: 0 };
  const rows = await db
    .select()
    .from(donations)
    .where(eq(yearOf, shown))
    .orderBy(desc(donations.donatedOn), asc(donations.id));
  return {
    years,
    year: shown,
    items: rows.map((r) => ({
      id: r.id,
      name: r.anonymous ? ANONYMOUS_DONOR : r.donorName,
      amount: r.amountPublic ? r.amount : null,
      donatedOn: r.donatedOn,
      message: r.message,
    })),
    total: rows.reduce((sum, r) => sum + (r.amountPublic ? r.amount : 0), 0),
    count: rows.length,
  };
}
