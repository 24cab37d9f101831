// From an event to a `notify` job (docs/product/notifications.md): every alarm recorded, every
// letter sent and every new report adds one job per recipient in the transaction that recorded
// it, so a notification goes out exactly when the event happened and never for one rolled back.
// The job carries what the notification shows; the fan-out (fan-out.ts) reads the member's
// settings when it runs.
import { and, eq } from 'drizzle-orm';
import type { NotifyKind, PushMessage } from '../../../common/api/notify.js';
import type { Tx } from '../../db/client.js';
import { boardManagers, users } from '../../db/schema/index.js';
import { enqueue } from '../../lib/job-queue.js';
import type { AlarmKind, NewAlarm } from '../alarms/service.js';
import { articlePath } from '../posts/kinds.js';

export const NOTIFY_QUEUE = 'notify';

export interface NotifyJob {
  userNo: number;
  kind: NotifyKind;
  message: PushMessage;
}

/** Alarm kind → what can notify; null: not pushed (account alarms; a reporter's outcome). */
const KIND_OF: Record<AlarmKind, NotifyKind | null> = {
  comment: 'comment',
  reply: 'comment',
  mention: 'mention',
  outbid: 'outbid',
  won: 'auction_end',
  sold: 'auction_end',
  unsold: 'auction_end',
  ended: 'auction_end',
  market_status: 'scrap_status',
  market_alert: 'market_alert',
  market_wanted: 'market_alert',
  today: 'today',
  reaction: 'reaction',
  // In the alarms drawer only: a post moved by the board's staff is no news to push or mail.
  moved: null,
  report: null,
  login_failed: null,
  reset_failed: null,
};

const TITLE: Partial<Record<AlarmKind, string>> = {
  comment: '내 글에 새 댓글',
  reply: '내 댓글에 새 답글',
  mention: '회원님을 언급했습니다',
  outbid: '더 높은 입찰이 들어왔습니다',
  won: '낙찰받았습니다',
  sold: '경매 매물이 팔렸습니다',
  unsold: '경매가 유찰되었습니다',
  ended: '경매가 끝났습니다',
  market_status: '장터 매물 소식',
  market_alert: '가격 알림에 맞는 매물이 올라왔습니다',
  market_wanted: '내 매물을 찾는 삽니다 글',
  today: '오늘의 사진에 뽑혔습니다',
  reaction: '새 공감',
  moved: '글이 다른 게시판으로 옮겨졌습니다',
};

const cut = (s: string, max: number) => {
  const chars = Array.from(s.replace(/\s+/g, ' ').trim());
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : chars.join('');
};

/** The page an alarm opens, as the alarms drawer links it. */
export const alarmUrl = (a: Pick<NewAlarm, 'boardId' | 'articleKey'>): string => articlePath(a.boardId, a.articleKey);

/** What the notification of an alarm shows. */
export function alarmMessage(a: NewAlarm): PushMessage {
  const subject = a.subject.trim();
  const body = subject && !a.content.includes(subject) ? `${cut(subject, 60)} · ${a.content}` : a.content;
  return {
    title: TITLE[a.kind] ?? '새 알림',
    body: cut(body, 300),
    url: cut(alarmUrl(a), 500),
    tag: `${a.boardId}-${a.articleKey}`.slice(0, 100),
  };
}

async function add(tx: Tx, jobs: NotifyJob[]) {
  for (const job of jobs) await enqueue(tx, NOTIFY_QUEUE, { ...job });
}

/** In createAlarms' transaction: one job per alarm that can notify. */
export async function notifyAlarms(tx: Tx, list: readonly NewAlarm[]): Promise<void> {
  const jobs: NotifyJob[] = [];
  for (const a of list) {
    const kind = KIND_OF[a.kind];
    if (kind) jobs.push({ userNo: a.userNo, kind, message: alarmMessage(a) });
  }
  await add(tx, jobs);
}

/** In the transaction that sent the letter. */
export async function notifyLetter(tx: Tx, letter: { receiverNo: number; senderNick: string; subject: string }): Promise<void> {
  await add(tx, [
    {
      userNo: letter.receiverNo,
      kind: 'letter',
      message: { title: '새 쪽지', body: cut(`${letter.senderNick}: ${letter.subject}`, 300), url: '/letter/receive', tag: 'letter' },
    },
  ]);
}

const REPORT_WHAT: Record<string, string> = { post: '글', comment: '댓글', letter: '쪽지', market: '매물', gallery: '사진' };

/**
 * In the transaction that filed the report: every active administrator, and every active manager
 * of the board the reported thing is on (decision 48: they handle its reports in the same queue),
 * each once and never the reporter. A letter's report (no board) reaches administrators only.
 */
export async function notifyReport(tx: Tx, report: { reporterNo: number; kind: string; reason: string; boardId: string | null }): Promise<void> {
  const admins = await tx
    .select({ no: users.no })
    .from(users)
    .where(and(eq(users.admin, true), eq(users.status, 'active')));
  const managers = report.boardId
    ? await tx
        .select({ no: users.no })
        .from(boardManagers)
        .innerJoin(users, eq(users.no, boardManagers.userNo))
        .where(and(eq(boardManagers.boardId, report.boardId), eq(users.status, 'active')))
    : [];
  const what = REPORT_WHAT[report.kind] ?? '내용';
  // The managers' queue is the administrators' page, showing only their boards' reports.
  const message: PushMessage = { title: `새 신고: ${what}`, body: cut(report.reason, 300), url: '/system/report/list', tag: 'report' };
  const told = new Set([...admins, ...managers].map((m) => m.no));
  told.delete(report.reporterNo);
  await add(
    tx,
    [...told].map((userNo) => ({ userNo, kind: 'report' as const, message })),
  );
}
