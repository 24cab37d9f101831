// The `notify` worker (docs/product/notifications.md): one job per recipient of an event, turned
// into the channels the member chose. A push during quiet hours waits for their end; a mail goes
// when that kind's mail is on. Suspended and withdrawn members get nothing, and only
// administrators and board managers get reports. The channels' jobs and this job's completion
// are one transaction, so a node that dies halfway leaves nothing sent twice.
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { ADMIN_NOTIFY_KINDS, NotifyKind, PushMessage } from '../../../common/api/notify.js';
import type { Db, Tx } from '../../db/client.js';
import { jobs, users } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import type { JobRow } from '../../lib/job-queue.js';
import { NOTIFY_QUEUE } from './hook.js';
import { isReportStaff, type Prefs, readPrefs } from './settings.js';

/** Where the channels' own jobs are queued (push: server/modules/push, mail: server/modules/mail). */
export interface Channels {
  /** One push job per device of the member, not before runAt; the same key again adds nothing. Answers how many. */
  push(tx: Tx, userNo: number, message: PushMessage, runAt?: Date, key?: string): Promise<number>;
  /** One mail; false when mail is off, the address unverified or the member over their limit. */
  mail(tx: Tx, userNo: number, kind: NotifyKind, message: PushMessage): Promise<boolean>;
}

const KST_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;

/** Minutes after midnight, Korean time (no daylight saving). */
export const koreanMinutes = (at: Date) => Math.floor((((at.getTime() + KST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS / 60_000);

/**
 * When quiet hours that hold at `at` end, or null when pushes may go now. Start and end are minutes
 * after midnight, Korean time; a start after the end spans midnight (23:00–07:00).
 */
export function quietUntil(prefs: Pick<Prefs, 'quietHours' | 'quietStart' | 'quietEnd'>, at: Date): Date | null {
  const { quietHours, quietStart: start, quietEnd: end } = prefs;
  if (!quietHours || start === end) return null;
  const m = koreanMinutes(at);
  const quiet = start < end ? m >= start && m < end : m >= start || m < end;
  if (!quiet) return null;
  const koreanMidnight = Math.floor((at.getTime() + KST_OFFSET_MS) / DAY_MS) * DAY_MS - KST_OFFSET_MS;
  let until = koreanMidnight + end * 60_000;
  if (until <= at.getTime()) until += DAY_MS;
  return new Date(until);
}

export interface FanOutResult {
  pushes: number;
  mail: boolean;
  /** Why nothing was sent, when nothing was. */
  skipped?: 'inactive' | 'not-admin' | 'taken';
  pushAt?: Date;
}

/** Sends one notify job's channels; marks the job done in the same transaction. */
export async function fanOut(db: Db, channels: Channels, payload: Record<string, unknown>, job: Pick<JobRow, 'id' | 'lockedBy'>): Promise<FanOutResult> {
  const userNo = Number(payload.userNo);
  const kind = NotifyKind.parse(payload.kind);
  const message = PushMessage.parse(payload.message);
  const at = clockNow();
  return db.transaction(async (tx) => {
    // Done here, not after: the channels' jobs exist exactly when this job is done.
    const mine = await tx
      .update(jobs)
      .set({ doneAt: at, lockedUntil: null })
      .where(and(eq(jobs.id, job.id), job.lockedBy === null ? isNull(jobs.lockedBy) : eq(jobs.lockedBy, job.lockedBy), isNull(jobs.doneAt)))
      .returning({ id: jobs.id });
    if (mine.length === 0) return { pushes: 0, mail: false, skipped: 'taken' as const };
    const [member] = await tx.select({ status: users.status, admin: users.admin }).from(users).where(eq(users.no, userNo)).limit(1);
    if (!member || member.status !== 'active') return { pushes: 0, mail: false, skipped: 'inactive' as const };
    // Read now: a member who is no longer an administrator or a board manager gets no reports.
    if (ADMIN_NOTIFY_KINDS.includes(kind) && !(await isReportStaff(tx, { no: userNo, admin: member.admin }))) return { pushes: 0, mail: false, skipped: 'not-admin' as const };
    const prefs = await readPrefs(tx, userNo);
    const on = prefs.channels[kind];
    const result: FanOutResult = { pushes: 0, mail: false };
    if (on.includes('push')) {
      const wait = quietUntil(prefs, at);
      result.pushes = await channels.push(tx, userNo, message, wait ?? undefined, `notify:${job.id}`);
      if (wait) result.pushAt = wait;
    }
    if (on.includes('email')) result.mail = await channels.mail(tx, userNo, kind, message);
    return result;
  });
}

/** Notify jobs done or given up are kept a day (one per alarm adds up), then deleted. */
export async function purgeOldNotifyJobs(db: Db, at: Date = clockNow()): Promise<number> {
  const before = new Date(at.getTime() - 86_400_000);
  const gone = await db
    .delete(jobs)
    .where(and(eq(jobs.queue, NOTIFY_QUEUE), lt(jobs.createdAt, before), or(isNotNull(jobs.doneAt), isNotNull(jobs.failedAt))))
    .returning({ id: jobs.id });
  return gone.length;
}
