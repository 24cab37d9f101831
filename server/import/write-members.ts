// Members and their point history, from any engine (the engine maps its rows to these records).
// Nicknames pass the site's look-alike rule (a clash gets a number, recorded in the member's
// nickname history and the report); old password hashes are kept with their format's prefix
// (server/lib/legacy-passwords.ts) until the first sign-in replaces them.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { nickNameRule } from '../../common/validation.js';
import { rowsOf, type Tx } from '../db/client.js';
import { levelHistory, levels, nickHistory, pointLedger, users } from '../db/schema/index.js';
import { isUnusableHash } from '../lib/legacy-passwords.js';
import { getSettings } from '../modules/community/service.js';
import { nickSkeleton, RESERVED_NICKNAMES } from '../modules/users/nick-names.js';
import { insertRows } from './bulk.js';
import { type ImportContext, wrote } from './context.js';
import { mappedIds, recordMapped } from './import-map.js';

export interface MemberRecord {
  /** The old login id, as the old site knew it. */
  oldId: string;
  nickName: string;
  email: string | null;
  joinedAt: Date;
  /** The old level mapped to the site's: 1 for its lowest level, 2 for the next … */
  levelOrder: number;
  points: number;
  /** The old hash with its format's prefix (storedGnuboard5Hash …). */
  passwordHash: string;
  withdrawnAt: Date | null;
  /** Blocked on the old site: suspended here until an administrator restores them. */
  blockedAt: Date | null;
}

export interface PointRecord {
  oldId: string;
  memberOldId: string;
  amount: number;
  reason: string;
  at: Date;
}

const USER_ID = /^[a-z0-9_]{1,20}$/;
const BLOCKED_REASON = '예전 사이트에서 이용이 차단된 회원입니다. 운영진에게 문의해 주세요.';

/** Per run: the site's levels (lowest first) and the skeletons no member may hold. */
export interface MemberRules {
  levels: Array<{ id: number; name: string }>;
  reserved: Set<string>;
  /** A dry run writes no member: the ids, nicknames and emails it would have given, so clashes among the old members show too. */
  dryTaken: Set<string>;
}

export async function memberRules(ctx: ImportContext): Promise<MemberRules> {
  const rows = await ctx.db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(asc(levels.minPoints));
  const { siteName } = await getSettings(ctx.db);
  return { levels: rows, reserved: new Set([...RESERVED_NICKNAMES, siteName].map(nickSkeleton).filter((s) => s !== '')), dryTaken: new Set() };
}

type Column = typeof users.userId | typeof users.nickSkeleton | typeof users.email;

/**
 * What a batch may not take: ids, nickname skeletons and emails held on the site (looked up for
 * the whole batch at once) or given to an earlier member of the batch (or of a dry run).
 */
class Taken {
  private readonly held = new Set<string>();
  private readonly known = new Set<string>();

  constructor(
    private readonly tx: Tx,
    private readonly given: Set<string>,
  ) {}

  /** One query per column for the batch's first choices; other candidates are asked one by one. */
  async prefetch(column: Column, kind: string, values: string[]) {
    const unique = [...new Set(values)];
    for (const v of unique) this.known.add(`${kind}:${v}`);
    if (unique.length === 0) return;
    const rows = await this.tx.select({ v: column }).from(users).where(inArray(column, unique));
    for (const r of rows) if (r.v !== null) this.held.add(`${kind}:${r.v}`);
  }

  async has(column: Column, kind: string, value: string): Promise<boolean> {
    const key = `${kind}:${value}`;
    if (this.given.has(key) || this.held.has(key)) return true;
    if (this.known.has(key)) return false;
    const [row] = await this.tx.select({ no: users.no }).from(users).where(eq(column, value)).limit(1);
    return row !== undefined;
  }

  give(kind: string, value: string) {
    this.given.add(`${kind}:${value}`);
  }
}

/** A free login id: the old one (lower case), else with _old and a number. */
async function freeUserId(t: Taken, wanted: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : n === 2 ? '_old' : `_old${n - 1}`;
    const id = wanted.slice(0, 20 - suffix.length) + suffix;
    if (!(await t.has(users.userId, 'id', id))) return id;
  }
}

/** The nickname to start from: the old one cleaned by the site's rule, else 회원 and the old id. */
function baseNickName(wanted: string, oldId: string): string {
  const parsed = nickNameRule.safeParse(wanted);
  return parsed.success ? parsed.data : `회원${oldId}`.slice(0, 20);
}

/**
 * A nickname that passes the site's look-alike rule: the base, else the base with the old id in
 * brackets (a bare number could take the name of a member further down the old list), then a number.
 */
async function freeNickName(t: Taken, rules: MemberRules, base: string, oldId: string): Promise<string> {
  for (let n = 1; ; n++) {
    const id = oldId.slice(0, 12);
    const suffix = n === 1 ? '' : n === 2 ? `(${id})` : `(${id}${n - 1})`;
    const nick = base.slice(0, 20 - suffix.length) + suffix;
    const skeleton = nickSkeleton(nick);
    if (skeleton === '' || rules.reserved.has(skeleton)) continue;
    if (!(await t.has(users.nickSkeleton, 'nick', skeleton))) return nick;
  }
}

/** Numbers for a batch's members, taken from the table's own sequence. */
async function reserveUserNos(tx: Tx, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = rowsOf<{ no: string | number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('users', 'no')) as no from generate_series(1, ${n}::int)`));
  return rows.map((r) => Number(r.no)).sort((a, b) => a - b);
}

/** One batch of members: those not imported yet are written in one transaction. */
export async function writeMembers(ctx: ImportContext, rules: MemberRules, batch: MemberRecord[]) {
  const mapped = await mappedIds(ctx.db, ctx.source, 'member', batch.map((m) => m.oldId));
  const todo = batch.filter((m) => !mapped.has(m.oldId));
  if (todo.length === 0) return;
  const run = async (tx: Tx) => {
    const notes: Array<() => void> = [];
    // A real run's earlier batches are in the table; a dry run remembers what it gave.
    const t = new Taken(tx, ctx.dryRun ? rules.dryTaken : new Set());
    const valid = todo.filter((m) => {
      if (USER_ID.test(m.oldId.trim().toLowerCase())) return true;
      notes.push(() => ctx.report.note('회원', 'skipped', m.oldId, '아이디에 쓸 수 없는 글자가 있음'));
      return false;
    });
    const bases = new Map(valid.map((m) => [m, baseNickName(m.nickName, m.oldId)]));
    await t.prefetch(users.userId, 'id', valid.map((m) => m.oldId.trim().toLowerCase()));
    await t.prefetch(users.nickSkeleton, 'nick', valid.filter((m) => !m.withdrawnAt).map((m) => nickSkeleton(bases.get(m)!)));
    await t.prefetch(users.email, 'email', valid.flatMap((m) => (m.email?.trim() && !m.withdrawnAt ? [m.email.trim().toLowerCase()] : [])));
    const nos = ctx.dryRun ? [] : await reserveUserNos(tx, valid.length);
    const rows: Array<typeof users.$inferInsert> = [];
    const nickLines: Array<typeof nickHistory.$inferInsert> = [];
    const levelLines: Array<typeof levelHistory.$inferInsert> = [];
    for (const [i, m] of valid.entries()) {
      const wantedId = m.oldId.trim().toLowerCase();
      const userId = await freeUserId(t, wantedId);
      t.give('id', userId);
      const changes: string[] = [];
      if (userId !== wantedId) changes.push(`아이디가 이미 있어 ${userId}로 바꿈`);
      if (isUnusableHash(m.passwordHash) && !m.withdrawnAt) changes.push('암호 형식을 확인할 수 없어 첫 로그인 때 암호를 새로 정해야 함');
      const level = rules.levels[Math.min(Math.max(m.levelOrder, 1), rules.levels.length) - 1];
      let nickName: string | null = null;
      let email: string | null = null;
      if (!m.withdrawnAt) {
        nickName = await freeNickName(t, rules, bases.get(m)!, m.oldId);
        t.give('nick', nickSkeleton(nickName));
        if (nickName !== m.nickName) changes.push(`닉네임 ${m.nickName} → ${nickName} (같거나 비슷한 닉네임이 있거나 규칙에 맞지 않음)`);
        const wantedEmail = m.email?.trim().toLowerCase() || null;
        email = wantedEmail && !(await t.has(users.email, 'email', wantedEmail)) ? wantedEmail : null;
        if (email) t.give('email', email);
        if (wantedEmail && !email) changes.push('이메일이 다른 회원과 같아 비워 둠');
      }
      if (m.withdrawnAt) changes.push('탈퇴한 회원 (탈퇴 상태로 가져옴)');
      else if (m.blockedAt) changes.push('차단된 회원 (정지 상태로 가져옴)');
      notes.push(() => ctx.report.note('회원', changes.length ? 'changed' : 'imported', m.oldId, changes.join('; ')));
      if (ctx.dryRun) continue;
      const no = nos[i]!;
      rows.push({
        no,
        userId,
        // A withdrawn member cannot sign in; an active one keeps the old hash until the first sign-in.
        passwordHash: m.withdrawnAt ? '!withdrawn' : m.passwordHash,
        nickName,
        nickSkeleton: nickName === null ? null : nickSkeleton(nickName),
        email,
        points: m.withdrawnAt ? 0 : Math.max(0, m.points),
        levelId: m.withdrawnAt ? null : (level?.id ?? null),
        status: m.withdrawnAt ? 'withdrawn' : m.blockedAt ? 'suspended' : 'active',
        withdrawnAt: m.withdrawnAt,
        suspendReason: m.blockedAt && !m.withdrawnAt ? BLOCKED_REASON : null,
        joinDate: m.joinedAt,
      });
      if (nickName !== null) {
        const content = nickName === m.nickName ? `예전 사이트에서 옮김: ${nickName}` : `예전 사이트에서 옮김: ${m.nickName} → ${nickName}`;
        nickLines.push({ userNo: no, content, regDate: m.joinedAt });
      }
      if (level && !m.withdrawnAt) levelLines.push({ userNo: no, content: `예전 사이트에서 옮김: ${level.name}`, regDate: m.joinedAt });
    }
    if (rows.length) {
      await insertRows(tx, users, rows);
      await insertRows(tx, nickHistory, nickLines);
      await insertRows(tx, levelHistory, levelLines);
      await recordMapped(tx, ctx.source, 'member', valid.map((m, i) => ({ oldId: m.oldId, newKey: nos[i]! })));
    }
    return notes;
  };
  // A dry run reads the site inside a transaction it rolls back, so nothing is written.
  const notes = await inTransaction(ctx, run);
  for (const n of notes) n();
  if (!ctx.dryRun) wrote(ctx, todo.length);
}

/** Runs fn in a transaction that is always rolled back (dry runs). */
export async function dryTransaction<T>(ctx: ImportContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let out: T | undefined;
  const rollback = new Error('dry run');
  await ctx.db
    .transaction(async (tx) => {
      out = await fn(tx);
      throw rollback;
    })
    .catch((e: unknown) => {
      if (e !== rollback) throw e;
    });
  return out as T;
}

/** The batch's transaction: committed on a real run, rolled back on a dry run. */
export const inTransaction = <T>(ctx: ImportContext, fn: (tx: Tx) => Promise<T>): Promise<T> => (ctx.dryRun ? dryTransaction(ctx, fn) : ctx.db.transaction(fn));

/** One batch of the point history: each line of a member who came across. */
export async function writePoints(ctx: ImportContext, batch: PointRecord[]) {
  const mapped = await mappedIds(ctx.db, ctx.source, 'point', batch.map((p) => p.oldId));
  const members = await mappedIds(ctx.db, ctx.source, 'member', batch.map((p) => p.memberOldId));
  const rows: Array<typeof pointLedger.$inferInsert> = [];
  const done: Array<{ oldId: string }> = [];
  for (const p of batch) {
    if (mapped.has(p.oldId)) continue;
    const member = members.get(p.memberOldId);
    if (!member && !ctx.dryRun) {
      ctx.report.note('포인트', 'skipped', p.oldId, '회원을 가져오지 않음 (탈퇴했거나 없는 회원)');
      continue;
    }
    ctx.report.note('포인트', 'imported', p.oldId);
    if (member) rows.push({ userNo: member.newKey!, amount: p.amount, reason: p.reason.slice(0, 200) || '예전 사이트 포인트', createdAt: p.at });
    done.push({ oldId: p.oldId });
  }
  if (ctx.dryRun || done.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    await insertRows(tx, pointLedger, rows);
    await recordMapped(tx, ctx.source, 'point', done);
  });
  wrote(ctx, done.length);
}

/** Members brought by earlier runs are no reason to refuse: only content the site's own members wrote. */
export async function siteHasOwnContent(ctx: ImportContext): Promise<boolean> {
  const rows = await ctx.db.execute(sql`
    select exists (
      select 1 from users u where not u.admin
        and not exists (select 1 from import_map m where m.kind = 'member' and m.new_key = u.no)
    ) or exists (
      select 1 from comments c where not exists (select 1 from import_map m where m.kind = 'comment' and m.new_key = c.key)
    ) as has`);
  return rowsOf<{ has: boolean }>(rows)[0]?.has === true;
}
