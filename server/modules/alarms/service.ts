// The alarm store ({boardId, boardName, articleKey, content} and the post's subject; docs/product/letters.md#alarms): a comment on
// your post, a reply to your comment, an @mention of you. Never for your own actions. An alarm
// is read when its article is opened.
import { and, desc, eq, inArray, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Alarm } from '../../../common/api/alarms.js';
import type { Db, Tx } from '../../db/client.js';
import { alarms, users } from '../../db/schema/index.js';
import { SIGNAL_CHANNEL } from '../../lib/signals.js';
import { memberMessage, membersChanged } from '../live/publish.js';
import { ignorersAmong } from '../ignores/service.js';
import { notifyAlarms } from '../notify/hook.js';

/** report: how a member's report was resolved (server/modules/reports). today: the member's photo was picked as today's photo. */
/** reaction: members reacted (공감) to the member's post or comment; one alarm per target, updated (server/modules/reactions). */
/** moved: an administrator or a board manager moved the member's post to another board (server/modules/managers). */
/** market_alert: an item met the member's price alert; market_wanted: a wanted ad fits an item they sell (server/modules/market/alert-match.ts). */
export type AlarmKind =
  | 'comment'
  | 'reply'
  | 'mention'
  | 'outbid'
  | 'won'
  | 'sold'
  | 'report'
  | AccountAlarmKind
  | 'unsold'
  | 'ended'
  | 'market_status'
  | 'today'
  | 'reaction'
  | 'moved'
  | 'market_alert'
  | 'market_wanted';

/** Alarms about the account itself (no board, no post): failures from a browser it does not know. */
export type AccountAlarmKind = 'login_failed' | 'reset_failed';

const ACCOUNT_ALARM_TEXT: Record<AccountAlarmKind, [string, string]> = {
  login_failed: ['다른 곳에서 로그인 실패가 ', '회 있었습니다. 본인이 아니라면 암호를 바꿔 주세요.'],
  reset_failed: ['다른 곳에서 암호 찾기 답변이 ', '회 틀렸습니다. 본인이 아니라면 비밀번호 질문과 답변을 바꿔 주세요.'],
};

/** The text of an account alarm after n failures. */
export const accountAlarmText = (kind: AccountAlarmKind, n: number) => `${ACCOUNT_ALARM_TEXT[kind][0]}${n}${ACCOUNT_ALARM_TEXT[kind][1]}`;

/**
 * One failure on the member's account from a browser it does not know. Once per burst: while the
 * member has not read the alarm, further failures only raise its count and time, in one
 * statement, so simultaneous failures still make a single alarm.
 */
export async function noteAccountFailure(db: Tx, userNo: number, kind: AccountAlarmKind): Promise<void> {
  const [before, after] = ACCOUNT_ALARM_TEXT[kind];
  await db
    .insert(alarms)
    .values({ userNo, kind, boardId: '', boardName: '', articleKey: 0, subject: '', content: accountAlarmText(kind, 1), times: 1 })
    .onConflictDoUpdate({
      target: [alarms.userNo, alarms.kind],
      targetWhere: sql`${alarms.readAt} is null and ${alarms.boardId} = ''`,
      set: {
        times: sql`${alarms.times} + 1`,
        content: sql`${before} || (${alarms.times} + 1) || ${after}`,
        createdAt: sql`now()`,
      },
    });
  await membersChanged(db, [userNo], 'alarms');
}

export interface NewAlarm {
  userNo: number;
  kind: AlarmKind;
  boardId: string;
  boardName: string;
  articleKey: number;
  /** The subject of the post the alarm is about. */
  subject: string;
  content: string;
  /**
   * The member whose act this alarm tells of (a comment, a reply, a mention): a member who ignores
   * them is not told (decision 46). Not stored.
   */
  fromNo?: number;
}

const CONTENT_MAX = 200;
const LIST_MAX = 50;

/** Alarm text is plain text, cut to a readable length (the client escapes it). */
export const alarmText = (s: string) => {
  const chars = Array.from(s.replace(/\s+/g, ' ').trim());
  return chars.length > CONTENT_MAX ? chars.slice(0, CONTENT_MAX - 1).join('') + '…' : chars.join('');
};

/** Leaves out the alarms whose member ignores the member who caused them (one query per sender). */
async function notIgnored(tx: Tx, list: NewAlarm[]): Promise<NewAlarm[]> {
  const senders = new Set(list.flatMap((a) => (a.fromNo === undefined ? [] : [a.fromNo])));
  if (senders.size === 0) return list;
  const ignoring = new Map<number, Set<number>>();
  for (const from of senders) {
    ignoring.set(from, await ignorersAmong(tx, from, list.filter((a) => a.fromNo === from).map((a) => a.userNo)));
  }
  return list.filter((a) => a.fromNo === undefined || !ignoring.get(a.fromNo)!.has(a.userNo));
}

export async function createAlarms(tx: Tx, all: NewAlarm[]): Promise<void> {
  const list = await notIgnored(tx, all);
  if (list.length === 0) return;
  const rows = list.map(({ fromNo: _from, ...a }) => ({ ...a, content: alarmText(a.content) }));
  // The members' open pages hear of it once the transaction commits (modules/live).
  await membersChanged(tx, list.map((a) => a.userNo), 'alarms');
  await tx.insert(alarms).values(rows);
  // Push and mail go out by the member's settings (docs/product/notifications.md).
  await notifyAlarms(tx, rows);
}

/** Mentions of members by userId: active members other than the writer, each once. */
export async function notifyMentions(
  tx: Tx,
  m: {
    userIds: string[];
    from: { no: number };
    boardId: string;
    boardName: string;
    articleKey: number;
    subject: string;
    content: string;
    skip?: number[];
    /** Who among these members may read the board: only they are told what it says. */
    readers: (userNos: number[]) => Promise<Set<number>>;
  },
): Promise<void> {
  if (m.userIds.length === 0) return;
  const rows = await tx
    .select({ no: users.no })
    .from(users)
    .where(and(inArray(users.userId, m.userIds.slice(0, 20)), eq(users.status, 'active'), ne(users.no, m.from.no)));
  const skip = new Set(m.skip ?? []);
  const readers = await m.readers(rows.map((r) => r.no));
  await createAlarms(
    tx,
    rows
      .filter((r) => !skip.has(r.no) && readers.has(r.no))
      .map((r) => ({ userNo: r.no, kind: 'mention' as const, boardId: m.boardId, boardName: m.boardName, articleKey: m.articleKey, subject: m.subject, content: m.content, fromNo: m.from.no })),
  );
}

export async function unreadCount(db: Db, userNo: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(alarms)
    .where(and(eq(alarms.userNo, userNo), isNull(alarms.readAt)));
  return Number(row?.n ?? 0);
}

export async function unreadList(db: Db, userNo: number): Promise<Alarm[]> {
  const rows = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.userNo, userNo), isNull(alarms.readAt)))
    .orderBy(desc(alarms.key))
    .limit(LIST_MAX);
  return rows.map((r) => ({
    alarmKey: r.key,
    kind: r.kind,
    boardId: r.boardId,
    boardName: r.boardName,
    articleKey: r.articleKey,
    subject: r.subject,
    content: r.content,
    regDate: r.createdAt.toISOString(),
  }));
}

/**
 * For a view's prepared row: whether the reader (placeholder "member") has unread alarms about the
 * article, so the view marks them read only when there are some (most views have none).
 */
export const unreadArticleAlarms = (articleKey: SQLWrapper, member: SQLWrapper = sql.placeholder('member')) =>
  sql<boolean>`exists(select 1 from ${alarms} a where a.user_no = ${member} and a.article_key = ${articleKey} and a.read_at is null)`;

/** Opening an article reads the member's alarms about it. */
export async function markArticleAlarmsRead(db: Tx, userNo: number, articleKey: number): Promise<void> {
  // One statement (a post view's round trips are counted): the alarms read, and the member's live
  // streams told, only when some were unread.
  await db.execute(sql`
    with read as (
      update ${alarms} set read_at = now()
      where ${alarms.userNo} = ${userNo} and ${alarms.articleKey} = ${articleKey} and ${alarms.readAt} is null
      returning 1
    )
    select pg_notify(${SIGNAL_CHANNEL}, ${memberMessage(userNo, 'alarms')}) from read limit 1`);
}

/** Reads one alarm (alarmKey), or the member's alarms about an article and/or a board. */
export async function readAlarms(
  db: Tx,
  userNo: number,
  which: { alarmKey?: number | undefined; boardId?: string | undefined; articleKey?: number | undefined },
): Promise<void> {
  const conditions = [eq(alarms.userNo, userNo), isNull(alarms.readAt)];
  if (which.alarmKey !== undefined) conditions.push(eq(alarms.key, which.alarmKey));
  if (which.boardId !== undefined) conditions.push(eq(alarms.boardId, which.boardId));
  if (which.articleKey !== undefined) conditions.push(eq(alarms.articleKey, which.articleKey));
  await db.update(alarms).set({ readAt: new Date() }).where(and(...conditions));
  await membersChanged(db, [userNo], 'alarms');
}

/** The drawer's 모두 지우기: every unread alarm of the member is read. */
export async function clearAlarms(db: Tx, userNo: number): Promise<void> {
  await db.update(alarms).set({ readAt: new Date() }).where(and(eq(alarms.userNo, userNo), isNull(alarms.readAt)));
  await membersChanged(db, [userNo], 'alarms');
}
