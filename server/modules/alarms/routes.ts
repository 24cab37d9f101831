// docs/api.md#alarms: /api/letter/alarm (the unread count) and /api/letter/alarm/list (the drawer's list);
// /api/letter/alarm/read (one alarm, an article's or a board's) and /api/letter/alarm/clear (all).
import { AlarmCount, AlarmLeft, AlarmList, AlarmRead } from '../../../common/api/alarms.js';
import { Empty } from '../../../common/api/common.js';
import type { App } from '../../lib/context.js';
import { requireMember } from '../../lib/session.js';
import { clearAlarms, readAlarms, unreadCount, unreadList } from './service.js';

export default async function alarmRoutes(app: App) {
  const { db } = app.ctx;

  app.post('/api/letter/alarm', { schema: { body: Empty, response: { 200: AlarmCount } } }, async (req) =>
    unreadCount(db, (await requireMember(req)).no),
  );

  app.post('/api/letter/alarm/list', { schema: { body: Empty, response: { 200: AlarmList } } }, async (req) =>
    unreadList(db, (await requireMember(req)).no),
  );

  app.post('/api/letter/alarm/read', { schema: { body: AlarmRead, response: { 200: AlarmLeft } } }, async (req) => {
    const member = await requireMember(req);
    await readAlarms(db, member.no, req.body);
    return { unread: await unreadCount(db, member.no) };
  });

  app.post('/api/letter/alarm/clear', { schema: { body: Empty, response: { 200: AlarmLeft } } }, async (req) => {
    await clearAlarms(db, (await requireMember(req)).no);
    return { unread: 0 };
  });
}
