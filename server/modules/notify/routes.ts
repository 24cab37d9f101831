// Notification calls (docs/api.md#notifications): the member's settings and saving them; members
// only. Runs the `notify` worker on every node: the job queue's leases send each job once.
import { Empty } from '../../../common/api/common.js';
import { NotifySettings, NotifySettingsSave } from '../../../common/api/notify.js';
import type { App } from '../../lib/context.js';
import { everyHour } from '../../lib/hourly-job.js';
import { startWorker, type Worker } from '../../lib/job-queue.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { nodeName } from '../../lib/node-name.js';
import { requireMember } from '../../lib/session.js';
import { deliveryChannels } from './channels.js';
import { fanOut, purgeOldNotifyJobs } from './fan-out.js';
import { NOTIFY_QUEUE } from './hook.js';
import { getSettings, saveSettings } from './settings.js';

export default async function notifyRoutes(app: App) {
  const { ctx } = app;
  // Saving is a click on 저장; a burst is a script.
  const saveLimit = memberLimiter(app, 'notify-settings-save', 30, 60_000);

  app.post('/api/notify/settings', { schema: { body: Empty, response: { 200: NotifySettings } } }, async (req) =>
    getSettings(ctx, await requireMember(req)),
  );

  app.post('/api/notify/settings/save', { schema: { body: NotifySettingsSave, response: { 200: NotifySettings } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    return saveSettings(ctx, member, req.body);
  });

  let worker: Worker | null = null;
  let stopPurge: (() => void) | null = null;
  app.addHook('onReady', async () => {
    const channels = deliveryChannels();
    worker = startWorker({
      db: ctx.db,
      queue: NOTIFY_QUEUE,
      node: nodeName(),
      log: app.log,
      handle: async (payload, job) => {
        await fanOut(ctx.db, channels, payload, job);
      },
    });
    stopPurge = everyHour('purging notify jobs', () => purgeOldNotifyJobs(ctx.db), app.log);
  });
  // Before the database closes (onClose hooks of the app close it).
  app.addHook('preClose', async () => {
    stopPurge?.();
    await worker?.stop();
  });
}
