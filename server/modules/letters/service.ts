// Letters between two members (docs/product/letters.md#letters). Only the two parties ever see a letter: every call
// looks the letter up together with the caller's side (inbox: receiver and not deleted by the
// receiver; sent box: sender and not deleted by the sender), so anyone else gets the same 404
// as for a letter that does not exist. Each side deletes its own copy; the row goes when both
// have. Content is plain text, rendered on read like a comment.
import { aliasedTable, and, asc, desc, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BlockedMember, LetterPage, LetterView, MemberSuggestion, UnreadLetter } from '../../../common/api/letters.js';
import { LETTER_LABEL, LETTER_SUBJECT_MAX } from '../../../common/api/letters.js';
import { HIDDEN_NOTICE_HTML } from '../../../common/api/reports.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import { hasVisible, stripBidi } from '../../../common/text.js';
import { msg } from '../../../common/validation.js';
import type { Db, Tx } from '../../db/client.js';
import { letters, memberIgnores, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { activityRanks } from '../../lib/activity-rank.js';
import type { Member } from '../../lib/session.js';
import { ignoreMember, ignores, unignoreMember } from '../ignores/service.js';
import { membersChanged } from '../live/publish.js';
import { notifyLetter } from '../notify/hook.js';
import { renderComment, tokenRefs } from '../posts/content.js';
import { actorOf } from '../posts/board-rules.js';
import { mayReport } from '../posts/policy.js';
import { renderLookups } from '../posts/view.js';
import { type LetterRow, presentParty, presentSummary, type Ranks } from './present.js';

export const MSG = {
  notFound: '쪽지를 찾을 수 없습니다.',
  noReceiver: '받는 회원을 찾을 수 없습니다. 아이디나 닉네임을 확인해 주세요.',
  withdrawn: '탈퇴한 회원에게는 쪽지를 보낼 수 없습니다.',
  suspended: '이용이 정지된 회원에게는 쪽지를 보낼 수 없습니다.',
  self: '자신에게는 쪽지를 보낼 수 없습니다.',
} as const;

export type Box = 'receive' | 'send';
const UNREAD_MAX = 50;
const BLOCK_LIST_MAX = 200;
const SUGGEST_MAX = 10;

/**
 * Member-written letter text -> what is stored: composed (NFC), Windows and old Mac line ends
 * as \n, control characters other than tab and newline removed, outer blank space trimmed.
 * Line breaks sent as <br> (a quick reply, docs/product/letters.md#quick-reply) become newlines. Markup is never interpreted:
 * the renderer escapes the text on every read.
 */
export function sanitiseLetterText(text: string): string {
  return stripBidi(text)
    .normalize('NFC')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u2028\u2029]/g, '')
    .trim();
}

const sender = aliasedTable(users, 'sender');
const receiver = aliasedTable(users, 'receiver');
const party = (u: typeof users) => ({ no: u.no, userId: u.userId, nickName: u.nickName, status: u.status, points: u.points });

function letterSelect(db: Tx) {
  return db
    .select({
      letterKey: letters.letterKey,
      subject: letters.subject,
      content: letters.content,
      sentAt: letters.sentAt,
      readAt: letters.readAt,
      hiddenAt: letters.hiddenAt,
      senderNick: letters.senderNick,
      receiverNick: letters.receiverNick,
      sender: party(sender),
      receiver: party(receiver),
    })
    .from(letters)
    .innerJoin(sender, eq(sender.no, letters.senderNo))
    .innerJoin(receiver, eq(receiver.no, letters.receiverNo));
}

/** The caller's own copy in a box: receiver (inbox) or sender (sent box), not deleted by them. */
const mine = (box: Box, userNo: number): SQL =>
  box === 'receive'
    ? and(eq(letters.receiverNo, userNo), isNull(letters.receiverDeletedAt))!
    : and(eq(letters.senderNo, userNo), isNull(letters.senderDeletedAt))!;

function ranksOf(db: Db, rows: ReadonlyArray<LetterRow>): Promise<Ranks> {
  const seen = new Map<number, number>();
  for (const r of rows) for (const p of [r.sender, r.receiver]) if (p.status === 'active') seen.set(p.no, p.points);
  return activityRanks(db, [...seen].map(([no, points]) => ({ no, points })));
}

/** Letter text as its reader sees it: ${boardId} names only boards the reader may read. */
async function render(db: Db, reader: Member, texts: string[]): Promise<string[]> {
  const lookups = await renderLookups(
    db,
    await actorOf(db, reader),
    tokenRefs(texts, { plainText: true }),
  );
  return texts.map((t) => renderComment(t, lookups));
}

async function loadMine(db: Tx, box: Box, userNo: number, letterKey: number): Promise<LetterRow> {
  const [row] = await letterSelect(db)
    .where(and(eq(letters.letterKey, letterKey), mine(box, userNo)))
    .limit(1);
  if (!row) throw notFound(MSG.notFound);
  return row;
}

// ---------------------------------------------------------------- sending

interface Receiver {
  no: number;
  nickName: string;
}

/** A member by userId (exact, lower case) or nickname (exact); only active members receive. */
async function findReceiver(db: Tx, name: string): Promise<Receiver> {
  const wanted = name.normalize('NFC').trim();
  const rows = await db
    .select({ no: users.no, userId: users.userId, nickName: users.nickName, status: users.status })
    .from(users)
    .where(or(eq(users.userId, wanted.toLowerCase()), eq(users.nickName, wanted)))
    .limit(2);
  // A userId wins over someone else's identical nickname.
  const row = rows.find((r) => r.userId === wanted.toLowerCase()) ?? rows[0];
  if (!row) throw notFound(MSG.noReceiver);
  if (row.status === 'withdrawn') throw badRequest(MSG.withdrawn);
  if (row.status !== 'active') throw badRequest(MSG.suspended);
  return { no: row.no, nickName: row.nickName ?? row.userId };
}

interface Delivered {
  letterKey: number;
  /** The receiver ignores the sender (decision 46): the letter went to the sent box only. */
  silenced: boolean;
}

async function deliver(db: Db, from: Member, to: Receiver, subject: string, content: string): Promise<Delivered> {
  if (to.no === from.no) throw badRequest(MSG.self);
  const text = sanitiseLetterText(content);
  const cleanSubject = sanitiseLetterText(subject).replace(/\s+/g, ' ');
  if (!hasVisible(text)) throw badRequest(msg.required(LETTER_LABEL.content));
  if (!hasVisible(cleanSubject)) throw badRequest(msg.required(LETTER_LABEL.subject));
  return db.transaction(async (tx) => {
    // Ignoring is silent: the sender's copy is a letter like any other, the receiver's is
    // deleted as it is written, so it never reaches their inbox, counts, push or mail.
    const silenced = await ignores(tx, to.no, from.no);
    const [row] = await tx
      .insert(letters)
      .values({
        senderNo: from.no,
        receiverNo: to.no,
        senderNick: from.nickName,
        receiverNick: to.nickName,
        subject: cleanSubject,
        content: text,
        ...(silenced && { receiverDeletedAt: new Date() }),
      })
      .returning({ letterKey: letters.letterKey });
    // Push and mail go out by the receiver's settings (docs/product/notifications.md).
    if (!silenced) await notifyLetter(tx, { receiverNo: to.no, senderNick: from.nickName, subject: cleanSubject });
    return { letterKey: row!.letterKey, silenced };
  });
}

export async function sendLetter(db: Db, from: Member, input: { receiver: string; subject: string; content: string }): Promise<number> {
  const to = await findReceiver(db, input.receiver);
  const sent = await deliver(db, from, to, input.subject, input.content);
  // After the letter is written: the receiver's open pages hear of it (modules/live).
  if (!sent.silenced) await membersChanged(db, [to.no], 'letters');
  return sent.letterKey;
}

/** Quick reply (docs/product/letters.md#quick-reply): a new letter to the original sender, subject "RE: …"; the original is read. */
export async function quickReply(db: Db, from: Member, input: { letterKey: number; content: string }): Promise<number> {
  const original = await loadMine(db, 'receive', from.no, input.letterKey);
  if (original.sender.status === 'withdrawn') throw badRequest(MSG.withdrawn);
  if (original.sender.status !== 'active') throw badRequest(MSG.suspended);
  const subject = Array.from(`RE: ${original.subject.replace(/^(RE:\s*)+/i, '')}`).slice(0, LETTER_SUBJECT_MAX).join('');
  const sent = await deliver(db, from, { no: original.sender.no, nickName: original.sender.nickName ?? original.senderNick }, subject, input.content);
  if (!sent.silenced) await membersChanged(db, [original.sender.no], 'letters');
  // Answering a letter means it was read: it leaves the unread drawer.
  await markRead(db, from.no, original.letterKey);
  return sent.letterKey;
}

// ---------------------------------------------------------------- reading

const unread = (userNo: number) => and(mine('receive', userNo), isNull(letters.readAt));

/** /api/letter/arrival: how many letters wait unread. */
export async function arrivalCount(db: Db, userNo: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(letters)
    .where(unread(userNo));
  return Number(row?.n ?? 0);
}

/** /api/letter/unread: the drawer's list, newest first. */
export async function unreadLetters(db: Db, member: Member): Promise<UnreadLetter[]> {
  const userNo = member.no;
  const rows = await letterSelect(db).where(unread(userNo)).orderBy(desc(letters.letterKey)).limit(UNREAD_MAX);
  const [ranks, html] = await Promise.all([ranksOf(db, rows), render(db, member, rows.map((r) => r.content))]);
  return rows.map((r, i) => {
    const from = presentParty(r.sender, r.senderNick, ranks);
    const content = r.hiddenAt ? HIDDEN_NOTICE_HTML : html[i]!;
    return { letterKey: r.letterKey, subject: r.subject, sendName: from.nickName, sendDate: r.sentAt.toISOString(), content, sender: from };
  });
}

/** Marks an inbox letter read (the first time only); answers when it was read. */
export async function markRead(db: Tx, userNo: number, letterKey: number): Promise<Date> {
  const [done] = await db
    .update(letters)
    .set({ readAt: sql`coalesce(${letters.readAt}, now())` })
    .where(and(eq(letters.letterKey, letterKey), mine('receive', userNo)))
    .returning({ readAt: letters.readAt });
  if (!done?.readAt) throw notFound(MSG.notFound);
  await membersChanged(db, [userNo], 'letters');
  return done.readAt;
}

export async function listLetters(db: Db, userNo: number, box: Box, page: number): Promise<LetterPage> {
  const size = PAGE_SIZE.letters;
  const [rows, [count]] = await Promise.all([
    letterSelect(db)
      .where(mine(box, userNo))
      .orderBy(desc(letters.letterKey))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: sql<number>`count(*)::int` }).from(letters).where(mine(box, userNo)),
  ]);
  const ranks = await ranksOf(db, rows);
  return { items: rows.map((r) => presentSummary(r, ranks)), page, pageSize: size, total: Number(count?.n ?? 0) };
}

/** Opens one of the caller's letters; opening an inbox letter reads it. */
export async function viewLetter(db: Db, member: Member, box: Box, letterKey: number): Promise<LetterView> {
  const userNo = member.no;
  const row = await loadMine(db, box, userNo, letterKey);
  if (box === 'receive' && !row.readAt) row.readAt = await markRead(db, userNo, letterKey);
  const inbox = box === 'receive';
  const [ranks, [html], blocked] = await Promise.all([
    ranksOf(db, [row]),
    render(db, member, [row.content]),
    inbox ? ignores(db, userNo, row.sender.no) : false,
  ]);
  return {
    ...presentSummary(row, ranks),
    contentHtml: row.hiddenAt ? HIDDEN_NOTICE_HTML : html!,
    senderBlocked: blocked,
    canReply: inbox && row.sender.status === 'active',
    // Only the receiver reports a letter (reports/targets.ts).
    canReport: inbox && mayReport({ member }, { userNo: row.sender.no, deleted: false, hidden: row.hiddenAt != null }),
  };
}

/** Deletes the caller's copy; the row goes once both sides have deleted theirs. */
export async function deleteLetter(db: Db, userNo: number, box: Box, letterKey: number): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(letters)
      .set(box === 'receive' ? { receiverDeletedAt: new Date() } : { senderDeletedAt: new Date() })
      .where(and(eq(letters.letterKey, letterKey), mine(box, userNo)))
      .returning({ letterKey: letters.letterKey });
    if (done.length === 0) throw notFound(MSG.notFound);
    await tx
      .delete(letters)
      .where(and(eq(letters.letterKey, letterKey), isNotNull(letters.senderDeletedAt), isNotNull(letters.receiverDeletedAt)));
  });
  // An unread letter deleted from the inbox leaves the count.
  if (box === 'receive') await membersChanged(db, [userNo], 'letters');
}

// ---------------------------------------------------------------- blocking

// Blocking a sender is ignoring them (decision 46): one list, kept by server/modules/ignores; these
// calls stay for the letters' screens.
export async function block(db: Db, userNo: number, userId: string): Promise<void> {
  await ignoreMember(db, userNo, userId);
}

export async function unblock(db: Db, userNo: number, userId: string): Promise<void> {
  await unignoreMember(db, userNo, userId);
}

export async function blockList(db: Db, userNo: number): Promise<BlockedMember[]> {
  const rows = await db
    .select({ ...party(users), blockedAt: memberIgnores.createdAt })
    .from(memberIgnores)
    .innerJoin(users, eq(users.no, memberIgnores.ignoredNo))
    .where(eq(memberIgnores.userNo, userNo))
    .orderBy(desc(memberIgnores.createdAt))
    .limit(BLOCK_LIST_MAX);
  const ranks = await activityRanks(
    db,
    rows.filter((r) => r.status === 'active').map((r) => ({ no: r.no, points: r.points })),
  );
  // A blocked member who withdrew still shows by userId, so they can be unblocked.
  return rows.map((r) => ({
    userId: r.userId,
    nickName: r.nickName ?? r.userId,
    levelKey: r.status === 'active' ? (ranks.get(r.no) ?? null) : null,
    blockedAt: r.blockedAt.toISOString(),
  }));
}

// ---------------------------------------------------------------- member picker

const likePrefix = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';

/** Active members whose userId or nickname starts with q (nickname ignoring case), not the caller. */
export async function suggestMembers(db: Db, userNo: number, q: string): Promise<MemberSuggestion[]> {
  const wanted = q.normalize('NFC').trim();
  if (wanted === '') return [];
  const prefix = likePrefix(wanted.toLowerCase());
  const rows = await db
    .select(party(users))
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        ne(users.no, userNo),
        isNotNull(users.nickName),
        or(sql`${users.userId} like ${prefix}`, sql`lower(${users.nickName}) like ${prefix}`),
      ),
    )
    .orderBy(asc(sql`length(${users.nickName})`), asc(users.nickName))
    .limit(SUGGEST_MAX);
  const ranks = await activityRanks(db, rows.map((r) => ({ no: r.no, points: r.points })));
  return rows.map((r) => ({ userId: r.userId, nickName: r.nickName ?? r.userId, levelKey: ranks.get(r.no) ?? null }));
}
