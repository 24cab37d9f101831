// The author's one grouped alarm per target ("회원A님 외 3명이 회원님의 글에 공감했습니다"): the
// first reaction makes it, later ones rewrite it and mark it unread again, so a popular post
// leaves one line in the drawer, not one per reactor. Push and mail go through the notify
// pipeline at most once per target per window; the drawer is always current.
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alarms, reactionCounts, reactions, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { enqueue } from '../../lib/job-queue.js';
import type { Member } from '../../lib/session.js';
import { alarmText, type NewAlarm } from '../alarms/service.js';
import { ignores } from '../ignores/service.js';
import { membersChanged } from '../live/publish.js';
import { alarmMessage, NOTIFY_QUEUE, type NotifyJob } from '../notify/hook.js';
import { readersAmong } from '../posts/board-rules.js';
import type { Target } from './target.js';

/** A target notifies by push or mail at most once in this long. */
export const NOTIFY_WINDOW_MS = 60 * 60_000;

/** The alarm's text: the newest reactor, and how many others reacted (the author aside). */
export function reactionAlarmText(kind: Target['kind'], nickName: string, others: number): string {
  const what = kind === 'post' ? '글' : '댓글';
  return others > 0 ? `${nickName}님 외 ${others}명이 회원님의 ${what}에 공감했습니다.` : `${nickName}님이 회원님의 ${what}에 공감했습니다.`;
}

/**
 * After `from` added a reaction, in the toggle's transaction (the target's counts row is locked,
 * so two reactions at once update the alarm one after the other). Never for the author's own.
 */
export async function tellAuthor(tx: Tx, target: Target, from: Member, state: { alarmKey: number | null; notifiedAt: Date | null }): Promise<void> {
  const authorNo = target.authorNo;
  if (authorNo === null || authorNo === from.no) return;
  // An author who ignores the reactor is not told of it (decision 46).
  if (await ignores(tx, authorNo, from.no)) return;
  const [author] = await tx.select({ status: users.status }).from(users).where(eq(users.no, authorNo)).limit(1);
  if (author?.status !== 'active') return;
  // Alarms about a board go only to members who may read it (a level raised since the post).
  if (!(await readersAmong(tx, target.board, [authorNo])).has(authorNo)) return;
  const [n] = await tx
    .select({ n: count() })
    .from(reactions)
    .where(and(eq(reactions.targetKind, target.kind), eq(reactions.targetKey, target.key), ne(reactions.userNo, authorNo)));
  const alarm: NewAlarm = {
    userNo: authorNo,
    kind: 'reaction',
    boardId: target.board.id,
    boardName: target.board.name,
    articleKey: target.postKey,
    subject: target.subject,
    content: alarmText(reactionAlarmText(target.kind, from.nickName, Math.max(0, Number(n?.n ?? 1) - 1))),
  };
  let alarmKey = state.alarmKey;
  if (alarmKey !== null) {
    const updated = await tx
      .update(alarms)
      .set({ content: alarm.content, subject: alarm.subject, boardName: alarm.boardName, createdAt: sql`now()`, readAt: null })
      .where(and(eq(alarms.key, alarmKey), eq(alarms.userNo, authorNo)))
      .returning({ key: alarms.key });
    if (updated.length === 0) alarmKey = null;
  }
  if (alarmKey === null) {
    const [row] = await tx.insert(alarms).values(alarm).returning({ key: alarms.key });
    alarmKey = row!.key;
  }
  await membersChanged(tx, [authorNo], 'alarms');
  const at = now();
  const notify = state.notifiedAt === null || at.getTime() - state.notifiedAt.getTime() >= NOTIFY_WINDOW_MS;
  if (notify) {
    // A tag of its own: a reaction's notification replaces the last one about this target, not a comment's.
    const job: NotifyJob = { userNo: authorNo, kind: 'reaction', message: { ...alarmMessage(alarm), tag: `reaction-${target.kind}-${target.key}` } };
    await enqueue(tx, NOTIFY_QUEUE, { ...job });
  }
  await tx
    .update(reactionCounts)
    .set({ alarmKey, ...(notify ? { notifiedAt: at } : {}) })
    .where(and(eq(reactionCounts.targetKind, target.kind), eq(reactionCounts.targetKey, target.key)));
}
