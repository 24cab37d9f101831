// Pushes wait in the shared job queue (lib/job-queue.ts): one `push` job per browser of the
// member, added in the caller's transaction, taken by whichever node is free, sent once.
import { eq } from 'drizzle-orm';
import type { PushMessage } from '../../../common/api/notify.js';
import type { Tx } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import { enqueue } from '../../lib/job-queue.js';

export const PUSH_QUEUE = 'push';

export interface PushJob extends Record<string, unknown> {
  subscriptionId: number;
  /** The member it was meant for: a browser that moved to another member since gets nothing. */
  userNo: number;
  message: PushMessage;
}

/**
 * Adds one `push` job per subscription of the member, not before `runAt` (quiet hours); returns
 * how many were added. With `key` (the event's own key, e.g. `notify:<job id>`) a second call for
 * the same event adds nothing, so a notify job that runs again does not push twice.
 */
export async function queuePushes(tx: Tx, userNo: number, message: PushMessage, runAt?: Date, key?: string): Promise<number> {
  const subs = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userNo, userNo));
  let added = 0;
  for (const sub of subs) {
    const payload: PushJob = { subscriptionId: sub.id, userNo, message };
    if (await enqueue(tx, PUSH_QUEUE, payload, { ...(runAt ? { runAt } : {}), ...(key ? { dedupeKey: `${key}:${sub.id}` } : {}) })) added++;
  }
  return added;
}
