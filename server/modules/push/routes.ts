// Web push calls (docs/api.md#push): the public key, subscribe and unsubscribe this browser, the
// member's devices, a test notification. Members only. Each node runs the `push` worker.
import { Ok } from '../../../common/api/common.js';
import { PushDeviceList, PushDeviceRemove, PushDevicesQuery, PushEndpoint, PushKey, PushSubscribe, PushTestResult } from '../../../common/api/push.js';
import { Empty } from '../../../common/api/common.js';
import type { App } from '../../lib/context.js';
import type { Worker } from '../../lib/job-queue.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { queuePushes } from './queue.js';
import { listDevices, removeDevice, subscribe, unsubscribe } from './service.js';
import { loadVapid } from './vapid.js';
import { startPushWorker } from './worker.js';

/** What the test notification says; a tap opens the home page. */
export const TEST_MESSAGE = { title: '알림 시험', body: '이 기기에서 알림을 받을 수 있습니다.', url: '/', tag: 'push-test' } as const;

export default async function pushRoutes(app: App) {
  const { db, config } = app.ctx;
  const vapid = loadVapid(config);
  const policy = { allowHttpLoopback: config.push.allowHttpLoopback };
  const subscribeLimit = memberLimiter(app, 'push-subscribe', 20, 60_000);
  const removeLimit = memberLimiter(app, 'push-remove', 30, 60_000);
  const testLimit = memberLimiter(app, 'push-test', 3, 60_000);
  const ok = { ok: true as const };

  app.post('/api/push/key', { schema: { body: Empty, response: { 200: PushKey } } }, async (req) => {
    await requireMember(req);
    return { publicKey: vapid.publicKey };
  });
  app.post('/api/push/subscribe', { schema: { body: PushSubscribe, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await subscribeLimit(req, member);
    await subscribe(db, member.no, req.body, req.headers['user-agent'], policy);
    return ok;
  });
  app.post('/api/push/unsubscribe', { schema: { body: PushEndpoint, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await removeLimit(req, member);
    await unsubscribe(db, member.no, req.body.endpoint);
    return ok;
  });
  app.post('/api/push/devices', { schema: { body: PushDevicesQuery, response: { 200: PushDeviceList } } }, async (req) => {
    const member = await requireMember(req);
    return listDevices(db, member.no, req.body?.endpoint);
  });
  app.post('/api/push/devices/remove', { schema: { body: PushDeviceRemove, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await removeLimit(req, member);
    await removeDevice(db, member.no, req.body.id);
    return ok;
  });
  app.post('/api/push/test', { schema: { body: Empty, response: { 200: PushTestResult } } }, async (req) => {
    const member = await requireMember(req);
    await testLimit(req, member);
    const queued = await db.transaction((tx) => queuePushes(tx, member.no, TEST_MESSAGE));
    if (queued > 0) worker?.wake();
    return { queued };
  });

  // Every node sends; the queue's row locks make each push go once (lib/job-queue.ts).
  let worker: Worker | null = null;
  app.addHook('onReady', async () => {
    worker = startPushWorker(app, vapid);
  });
  // Before the database closes (onClose hooks of the app close it).
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
}
