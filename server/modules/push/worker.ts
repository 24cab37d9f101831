// The `push` worker every node runs: takes due push jobs from the shared queue and sends each.
// 404/410 from the push service removes the subscription (the job is done); 429, 5xx and no answer
// are tried again with the queue's back-off; an endpoint that now points inside is not sent to.
import { eq } from 'drizzle-orm';
import { PushMessage } from '../../../common/api/notify.js';
import type { Db } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import type { App } from '../../lib/context.js';
import { startWorker, type Worker } from '../../lib/job-queue.js';
import { nodeName } from '../../lib/node-name.js';
import type { EndpointPolicy } from './endpoint.js';
import { PUSH_QUEUE } from './queue.js';
import { PushServiceError, sendPush } from './send.js';
import type { Vapid } from './vapid.js';

/** How often each node looks for due pushes (tests make it short). */
export const pushWorker = { everyMs: 2_000 };

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Sends one push job; throws only when it is worth another try. */
export async function handlePushJob(db: Db, payload: Record<string, unknown>, vapid: Vapid, policy: EndpointPolicy, log: Log): Promise<void> {
  const subscriptionId = Number(payload.subscriptionId);
  const message = PushMessage.safeParse(payload.message);
  if (!Number.isInteger(subscriptionId) || !message.success) {
    log.warn({ payload }, 'push job without a valid message dropped');
    return;
  }
  const [sub] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
  // Unsubscribed since, or the browser now belongs to another member's sign-in.
  if (!sub || (payload.userNo !== undefined && sub.userNo !== payload.userNo)) return;
  try {
    await sendPush(sub, message.data, vapid, policy);
    await db.update(pushSubscriptions).set({ lastSentAt: now() }).where(eq(pushSubscriptions.id, sub.id));
  } catch (err) {
    if (err instanceof PushServiceError && err.gone) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      return;
    }
    if (err instanceof PushServiceError && err.retry) throw err;
    // Refused by where it points, or a 4xx another try will not change (a bad key, too large).
    log.warn({ err, subscription: sub.id }, 'push not sent');
  }
}

export function startPushWorker(app: App, vapid: Vapid): Worker {
  const policy = { allowHttpLoopback: app.ctx.config.push.allowHttpLoopback };
  return startWorker({
    db: app.ctx.db,
    queue: PUSH_QUEUE,
    node: nodeName(),
    everyMs: pushWorker.everyMs,
    handle: (payload) => handlePushJob(app.ctx.db, payload, vapid, policy, app.log),
    log: app.log,
  });
}
