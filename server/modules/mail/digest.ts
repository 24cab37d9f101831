// The daily digest at 08:00 Korean time (docs/product/members.md#email): unread alarms and letters
// of members who turned it on. Every node keeps a "day" job for today and tomorrow in the queue
// (one per day by its dedupe key, whoever adds it); the node that takes it at 08:00 adds one
// digest job per member (one per member and day by key), each sent once by the worker.
import { and, count, desc, eq, isNull, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { alarms, jobs, letters, notifySettings, users } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import { enqueue } from '../../lib/job-queue.js';
import type { Sealer } from '../../lib/secret.js';
import { cachedSettings } from '../community/service.js';
import { articlePath } from '../posts/kinds.js';
import { digestMail, type MailContent } from './compose.js';
import { MAIL_QUEUE, withinDailyLimits } from './mailer.js';
import { optInLinks } from './notification-mail.js';

const KST_MS = 9 * 3600_000;
const DIGEST_HOUR = 8;
/** Items listed in a digest at most (the rest counted). */
const LIST_MAX = 10;

/** The Korean day (YYYY-MM-DD) of an instant. */
export const kstDay = (at: Date) => new Date(at.getTime() + KST_MS).toISOString().slice(0, 10);

/** 08:00 Korean time of a Korean day. */
export const digestTime = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - KST_MS + DIGEST_HOUR * 3600_000);

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Makes sure the day jobs of today (when it is not past noon yet: a node started later does not
 * send a morning digest in the evening) and tomorrow are queued. Cheap: two inserts that are
 * usually refused by their keys.
 */
export async function scheduleDigests(db: Db, at: Date = clockNow()): Promise<void> {
  const today = kstDay(at);
  const days = at.getTime() < digestTime(today).getTime() + 4 * 3600_000 ? [today, nextDay(today)] : [nextDay(today)];
  for (const day of days) await enqueue(db, MAIL_QUEUE, { kind: 'digest-day', day }, { dedupeKey: `digest-day:${day}`, runAt: digestTime(day) });
}

/** The day job at 08:00: one digest job per member who wants it and has a verified address. */
export async function fanOutDigests(db: Db, day: string): Promise<number> {
  const members = await db
    .select({ no: users.no })
    .from(notifySettings)
    .innerJoin(users, eq(users.no, notifySettings.userNo))
    .where(and(eq(notifySettings.digest, true), eq(users.status, 'active'), isNotNull(users.emailVerifiedAt), isNotNull(users.email)));
  let added = 0;
  for (const m of members) {
    if (await enqueue(db, MAIL_QUEUE, { kind: 'digest', userNo: m.no, day }, { dedupeKey: `digest:${m.no}:${day}` })) added++;
  }
  return added;
}

/**
 * One member's digest, made when it is sent: what is unread then. Null when there is nothing to
 * tell, or the member turned it off, lost the verified address, or reached the day's limits.
 */
export async function composeDigest(db: Db, sealer: Sealer, origin: string, userNo: number): Promise<{ to: string; content: MailContent } | null> {
  const [u] = await db
    .select({ email: users.email, nickName: users.nickName, verifiedAt: users.emailVerifiedAt, status: users.status, digest: notifySettings.digest })
    .from(users)
    .leftJoin(notifySettings, eq(notifySettings.userNo, users.no))
    .where(eq(users.no, userNo));
  if (!u?.email || !u.verifiedAt || u.status !== 'active' || !u.digest) return null;
  const unreadAlarms = and(eq(alarms.userNo, userNo), isNull(alarms.readAt));
  const unreadLetters = and(eq(letters.receiverNo, userNo), isNull(letters.readAt), isNull(letters.receiverDeletedAt));
  const [[a], [l]] = await Promise.all([
    db.select({ n: count() }).from(alarms).where(unreadAlarms),
    db.select({ n: count() }).from(letters).where(unreadLetters),
  ]);
  const alarmCount = Number(a?.n ?? 0);
  const letterCount = Number(l?.n ?? 0);
  if (alarmCount + letterCount === 0) return null;
  if (!(await withinDailyLimits(db, u.email, userNo))) return null;
  const [alarmRows, letterRows] = await Promise.all([
    db
      .select({ boardId: alarms.boardId, articleKey: alarms.articleKey, subject: alarms.subject, content: alarms.content })
      .from(alarms)
      .where(unreadAlarms)
      .orderBy(desc(alarms.key))
      .limit(LIST_MAX),
    db
      .select({ senderNick: letters.senderNick, subject: letters.subject })
      .from(letters)
      .where(unreadLetters)
      .orderBy(desc(letters.letterKey))
      .limit(LIST_MAX),
  ]);
  const { siteName } = await cachedSettings(db);
  const content = digestMail(
    {
      siteName,
      nickName: u.nickName ?? '',
      siteUrl: `${origin}/`,
      alarmCount,
      letterCount,
      letters: letterRows.map((r) => ({ text: `${r.senderNick}: ${r.subject}`, url: `${origin}/letter/receive` })),
      alarms: alarmRows.map((r) => ({
        text: r.subject ? `${r.subject} — ${r.content}` : r.content,
        url: r.boardId ? `${origin}${articlePath(r.boardId, r.articleKey)}` : `${origin}/`,
      })),
    },
    optInLinks(sealer, origin, { userNo, kind: 'digest' }),
  );
  return { to: u.email, content };
}

/** Sent and given-up mail jobs are kept a week (the daily limits read the last day). */
export async function purgeOldMailJobs(db: Db, at: Date = clockNow()): Promise<void> {
  const before = new Date(at.getTime() - 7 * 86_400_000);
  await db
    .delete(jobs)
    .where(and(eq(jobs.queue, MAIL_QUEUE), lt(jobs.createdAt, before), or(isNotNull(jobs.doneAt), isNotNull(jobs.failedAt))));
}
