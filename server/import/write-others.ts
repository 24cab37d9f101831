// Scraps, recommendations and private letters from any engine: each needs its members (and
// post) to have come across; anything else is listed in the report.
import { favorites, letters, recommendations } from '../db/schema/index.js';
import { sanitiseLetterText } from '../modules/letters/service.js';
import { type ImportContext, wrote } from './context.js';
import { mappedIds, recordMapped } from './import-map.js';
import { inTransaction } from './write-members.js';

export interface MarkRecord {
  oldId: string;
  memberOldId: string;
  postOldId: string;
  at: Date;
}

export interface LetterRecord {
  oldId: string;
  senderOldId: string;
  receiverOldId: string;
  /** The old letter's own subject (Rhymix's title); without one, the text's first line. */
  subject?: string;
  text: string;
  sentAt: Date;
  readAt: Date | null;
}

/** Scraps ('scrap') or recommendations ('recommend') of posts. */
export async function writeMarks(ctx: ImportContext, kind: 'scrap' | 'recommend', batch: MarkRecord[]) {
  const label = kind === 'scrap' ? '스크랩' : '추천';
  const mapped = await mappedIds(ctx.db, ctx.source, kind, batch.map((r) => r.oldId));
  const members = await mappedIds(ctx.db, ctx.source, 'member', batch.map((r) => r.memberOldId));
  const postKeys = await mappedIds(ctx.db, ctx.source, 'post', batch.map((r) => r.postOldId));
  const rows: Array<{ userNo: number; postKey: number; createdAt: Date }> = [];
  const done: Array<{ oldId: string; newKey: number }> = [];
  for (const r of batch) {
    if (mapped.has(r.oldId)) continue;
    const member = members.get(r.memberOldId);
    const post = postKeys.get(r.postOldId);
    if (!ctx.dryRun && (!member || !post)) {
      ctx.report.note(label, 'skipped', r.oldId, !member ? '회원을 가져오지 않음' : '글을 가져오지 않음');
      continue;
    }
    ctx.report.note(label, 'imported', r.oldId);
    if (member && post) {
      rows.push({ userNo: member.newKey!, postKey: post.newKey!, createdAt: r.at });
      done.push({ oldId: r.oldId, newKey: post.newKey! });
    }
  }
  if (ctx.dryRun || done.length === 0) return;
  await inTransaction(ctx, async (tx) => {
    // One per member and post here: a second one of the old site is dropped by the unique key.
    if (kind === 'scrap') await tx.insert(favorites).values(rows).onConflictDoNothing();
    else await tx.insert(recommendations).values(rows).onConflictDoNothing();
    await recordMapped(tx, ctx.source, kind, done);
  });
  wrote(ctx, done.length);
}

/** Private letters: the subject is the old one, else the letter's first line (Gnuboard5's have none). */
export async function writeLetters(ctx: ImportContext, batch: LetterRecord[]) {
  const mapped = await mappedIds(ctx.db, ctx.source, 'letter', batch.map((r) => r.oldId));
  const members = await mappedIds(ctx.db, ctx.source, 'member', batch.flatMap((r) => [r.senderOldId, r.receiverOldId]));
  const nicks = new Map<number, string>();
  const todo = batch.filter((r) => !mapped.has(r.oldId));
  if (todo.length === 0) return;
  let count = 0;
  await inTransaction(ctx, async (tx) => {
    const nos = [...members.values()].map((m) => m.newKey!);
    if (nos.length) {
      const rows = await tx.query.users.findMany({ columns: { no: true, nickName: true, userId: true }, where: (u, { inArray }) => inArray(u.no, nos) });
      for (const r of rows) nicks.set(r.no, r.nickName ?? r.userId);
    }
    const rows: Array<typeof letters.$inferInsert> = [];
    const oldIds: string[] = [];
    for (const r of todo) {
      const from = members.get(r.senderOldId);
      const to = members.get(r.receiverOldId);
      if (!ctx.dryRun && (!from || !to)) {
        ctx.report.note('쪽지', 'skipped', r.oldId, '보낸 회원이나 받은 회원을 가져오지 않음');
        continue;
      }
      const content = sanitiseLetterText(r.text).trim() || '-';
      const subject = (r.subject?.replace(/\s+/g, ' ').trim() || content.split('\n')[0]!).slice(0, 40);
      ctx.report.note('쪽지', 'imported', r.oldId);
      if (ctx.dryRun || !from || !to) continue;
      rows.push({
        senderNo: from.newKey!,
        receiverNo: to.newKey!,
        senderNick: nicks.get(from.newKey!) ?? r.senderOldId,
        receiverNick: nicks.get(to.newKey!) ?? r.receiverOldId,
        subject,
        content,
        sentAt: r.sentAt,
        readAt: r.readAt,
      });
      oldIds.push(r.oldId);
    }
    if (rows.length === 0) return;
    // The batch in one statement; its keys come back in the order of the rows.
    const keys = await tx.insert(letters).values(rows).returning({ key: letters.letterKey });
    await recordMapped(tx, ctx.source, 'letter', keys.map((k, i) => ({ oldId: oldIds[i]!, newKey: k.key })));
    count = rows.length;
  });
  if (!ctx.dryRun) wrote(ctx, count);
}
