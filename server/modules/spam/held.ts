// Holding for review (docs/product/spam.md): a member reported by enough different members is
// held, and what they write from then on waits hidden in the administrator's queue, which
// releases it (shown to everyone) or removes it (deleted). Every decision is audited.
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { HeldDecision, HeldListQuery, HeldPage } from '../../../common/api/spam.js';
import type { Db, Tx } from '../../db/client.js';
import { comments, heldItems, heldMembers, letters, marketItems, museumExhibits, reports, users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { answersChanged, boardPostTags, postTags } from '../../lib/answer-cache.js';
import { notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { getSettings } from '../community/service.js';
import { awardPoints } from '../points/service.js';
import { getBoard } from '../posts/board-rules.js';
import { GALLERY_BOARD, MARKET_BOARD } from '../posts/kinds.js';
import { queueMatch } from '../market/alert-match.js';
import { lockItemBeforePost } from '../market/hidden.js';
import { loadPost } from '../posts/view.js';
import { adjustCommentCount, removePost } from '../posts/write.js';
import { targetChanged, targetsOf, unhideTarget } from '../reports/targets.js';
import { spamSettings } from './settings.js';

export const PAGE_SIZE = 50;

export const HELD_MSG = {
  none: '보류된 내용을 찾을 수 없습니다. 이미 처리되었을 수 있습니다.',
  released: '보류를 풀었습니다. 이제 모두에게 보입니다.',
  releasedMember: '보류를 풀고 작성자의 검토 보류도 끝냈습니다.',
  removed: '보류된 내용을 삭제했습니다.',
} as const;

/**
 * After a report is saved (in its transaction): holds the reported author for review once enough
 * different members have reported them (dismissed reports do not count). Administrators are never held.
 */
export async function holdIfReported(tx: Tx, authorNo: number | null): Promise<void> {
  if (authorNo === null) return;
  const { holdReports } = await spamSettings(tx);
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${reports.reporterNo})::int` })
    .from(reports)
    .where(and(eq(reports.authorNo, authorNo), ne(reports.status, 'dismissed')));
  if ((row?.n ?? 0) < holdReports) return;
  const [author] = await tx.select({ admin: users.admin }).from(users).where(eq(users.no, authorNo));
  if (!author || author.admin) return;
  await tx.insert(heldMembers).values({ userNo: authorNo, reporters: row!.n }).onConflictDoNothing();
}

export async function listHeld(db: Db, q: z.output<typeof HeldListQuery>): Promise<HeldPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ h: heldItems, userId: users.userId, nickName: users.nickName, stillHeld: heldMembers.userNo })
      .from(heldItems)
      .innerJoin(users, eq(users.no, heldItems.userNo))
      .leftJoin(heldMembers, eq(heldMembers.userNo, heldItems.userNo))
      .orderBy(desc(heldItems.heldAt), desc(heldItems.id))
      .limit(PAGE_SIZE)
      .offset((q.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(heldItems),
  ]);
  const targets = await targetsOf(
    db,
    rows.map(({ h }) => ({ kind: h.kind, targetKey: String(h.targetKey) })),
  );
  return {
    items: rows.map(({ h, userId, nickName, stillHeld }) => {
      const t = targets.get(`${h.kind}:${h.targetKey}`)!;
      return {
        id: h.id,
        kind: h.kind,
        targetKey: h.targetKey,
        heldAt: h.heldAt.toISOString(),
        author: { userId, nickName: nickName ?? userId },
        authorHeld: stillHeld !== null,
        subject: t.subject,
        excerpt: t.excerpt,
        boardName: t.boardName,
        url: t.url,
      };
    }),
    page: q.page,
    pageSize: PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

async function heldRow(tx: Tx, id: number) {
  const [row] = await tx.select().from(heldItems).where(eq(heldItems.id, id)).for('update');
  if (!row) throw notFound(HELD_MSG.none);
  return row;
}

/** Shows the held thing to everyone; with `member`, the author's own hold ends too. */
export async function releaseHeld(db: Db, admin: Member, input: z.output<typeof HeldDecision>): Promise<{ message: string }> {
  const place = await db.transaction(async (tx) => {
    const row = await heldRow(tx, input.id);
    // A market item's row before its post, as its edits take them (no deadlock on PostgreSQL).
    if (row.kind === 'post') await lockItemBeforePost(tx, row.targetKey);
    const { place: where } = await unhideTarget(tx, row.kind, row.targetKey);
    // A market item shown now meets the price alerts and wanted ads it was kept from.
    if (row.kind === 'post' && where?.boardId === MARKET_BOARD) await queueMatch(tx, row.targetKey);
    await tx.delete(heldItems).where(eq(heldItems.id, row.id));
    const endedHold = input.member ? (await tx.delete(heldMembers).where(eq(heldMembers.userNo, row.userNo)).returning()).length > 0 : false;
    await audit(tx, admin, {
      action: 'held.release',
      targetKind: row.kind,
      targetKey: row.targetKey,
      before: { held: true, authorNo: row.userNo },
      after: { held: false, hidden: false, memberHoldEnded: endedHold },
    });
    return where;
  });
  targetChanged(db, place);
  return { message: input.member ? HELD_MSG.releasedMember : HELD_MSG.released };
}

/**
 * Deletes the held thing (a post or comment as its author's delete would, a market item's row
 * and a gallery item's museum places with their post; a letter from the inbox).
 */
export async function removeHeld(db: Db, admin: Member, input: z.output<typeof HeldDecision>): Promise<{ message: string }> {
  const [peek] = await db.select().from(heldItems).where(eq(heldItems.id, input.id));
  if (!peek) throw notFound(HELD_MSG.none);
  // Read before the transaction (PGlite has one connection): the post, its board and the points.
  const postKey = peek.kind === 'post' ? peek.targetKey : peek.kind === 'comment' ? await postOfComment(db, peek.targetKey) : null;
  const post = postKey === null ? null : await loadPost(db, postKey);
  const [board, settings] = post ? await Promise.all([getBoard(db, post.boardId), getSettings(db)]) : [null, null];
  await db.transaction(async (tx) => {
    const row = await heldRow(tx, input.id);
    if (row.kind === 'post' && post && board && settings && !post.deleted) {
      if (board.id === MARKET_BOARD) await lockItemBeforePost(tx, row.targetKey);
      await removePost(tx, { board, settings }, { key: row.targetKey, userNo: post.userNo }, { pointsLabel: '보류 글 삭제', deleted: HELD_MSG.none });
      if (board.id === MARKET_BOARD) await tx.update(marketItems).set({ deletedAt: new Date() }).where(eq(marketItems.postKey, row.targetKey));
      if (board.id === GALLERY_BOARD) await tx.delete(museumExhibits).where(eq(museumExhibits.postKey, row.targetKey));
    } else if (row.kind === 'comment' && post && board && settings) {
      const done = await tx
        .update(comments)
        .set({ deletedAt: new Date() })
        .where(and(eq(comments.key, row.targetKey), sql`${comments.deletedAt} is null`))
        .returning({ userNo: comments.userNo });
      if (done.length > 0) {
        await adjustCommentCount(tx, post.key, -1);
        if (done[0]!.userNo !== null) await awardPoints(tx, done[0]!.userNo, -(board.pointsComment ?? settings.points.comment), `보류 댓글 삭제 (${board.name})`);
      }
    } else if (row.kind === 'letter') {
      await tx.update(letters).set({ receiverDeletedAt: new Date() }).where(eq(letters.letterKey, row.targetKey));
    }
    await tx.delete(heldItems).where(eq(heldItems.id, row.id));
    await audit(tx, admin, {
      action: 'held.remove',
      targetKind: row.kind,
      targetKey: row.targetKey,
      before: { held: true, authorNo: row.userNo },
      after: { held: false, deleted: true },
    });
  });
  // A deleted post also leaves its neighbours' previous and next links.
  // A market or gallery item also leaves its own lists (and a gallery item the museums).
  const own = board?.id === MARKET_BOARD ? ['market'] : board?.id === GALLERY_BOARD ? ['gallery', 'museum'] : [];
  if (post && board) answersChanged(db, peek.kind === 'post' ? [...boardPostTags(board.id, post.key), ...own] : postTags(board.id, post.key));
  return { message: HELD_MSG.removed };
}

async function postOfComment(db: Db, commentKey: number): Promise<number | null> {
  const [c] = await db.select({ postKey: comments.postKey }).from(comments).where(eq(comments.key, commentKey));
  return c?.postKey ?? null;
}
