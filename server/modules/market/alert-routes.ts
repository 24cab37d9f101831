// Price alert calls (docs/api.md#market): save, list and delete the caller's own; members who may
// read the market. Runs the market-match worker on every node: the job queue's leases run each
// match once (alert-match.ts).
import { Empty, Ok } from '../../../common/api/common.js';
import { MarketAlertKey, MarketAlertList, MarketAlertSave, MarketAlertSaveResult } from '../../../common/api/market-alerts.js';
import { ALERT_LIMIT } from '../../../common/api/market.js';
import type { App } from '../../lib/context.js';
import { everyHour } from '../../lib/hourly-job.js';
import { startWorker, type Worker } from '../../lib/job-queue.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { nodeName } from '../../lib/node-name.js';
import { requireMember } from '../../lib/session.js';
import { actorOf, getBoard, requireRead } from '../posts/board-rules.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { MATCH_QUEUE, matchItem, purgeOldMatchJobs } from './alert-match.js';
import { deleteAlert, listAlerts, saveAlert } from './alerts.js';

export default async function marketAlertRoutes(app: App) {
  const { ctx } = app;
  const { db } = ctx;
  const saveLimit = memberLimiter(app, 'market-alert-save', 30, 60_000);

  const reader = async (req: Parameters<typeof requireMember>[0]) => {
    const member = await requireMember(req);
    requireRead(await actorOf(db, member), await getBoard(db, MARKET_BOARD));
    return member;
  };

  app.post('/api/market/alert/save', { schema: { body: MarketAlertSave, response: { 200: MarketAlertSaveResult } } }, async (req) => {
    const member = await reader(req);
    await saveLimit(req, member);
    return { alertKey: await saveAlert(db, member.no, req.body) };
  });

  app.post('/api/market/alert/list', { schema: { body: Empty, response: { 200: MarketAlertList } } }, async (req) => {
    const member = await requireMember(req);
    return { items: await listAlerts(db, member.no), limit: ALERT_LIMIT };
  });

  app.post('/api/market/alert/delete', { schema: { body: MarketAlertKey, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await deleteAlert(db, member.no, req.body.alertKey);
    return { ok: true as const };
  });

  let worker: Worker | null = null;
  let stopPurge: (() => void) | null = null;
  app.addHook('onReady', async () => {
    worker = startWorker({
      db,
      queue: MATCH_QUEUE,
      node: nodeName(),
      log: app.log,
      everyMs: 1_000,
      handle: async (payload) => {
        await matchItem(db, Number(payload.itemKey));
      },
    });
    stopPurge = everyHour('purging market match jobs', () => purgeOldMatchJobs(db), app.log);
  });
  // Before the database closes (onClose hooks of the app close it).
  app.addHook('preClose', async () => {
    stopPurge?.();
    await worker?.stop();
  });
}
