// SPEC §7: /api/letter/alarm (the unread count) and /api/letter/alarm/list (the drawer's list).
import { AlarmCount, AlarmList } from '../../../common/api/alarms.js';
import { Empty } from '../../../common/api/common.js';
import type { App } from '../../lib/context.js';
import { requireMember } from '../../lib/session.js';
import { unreadCount, unreadList } from './service.js';

export default async function alarmRoutes(app: App) {
  const { db } = app.ctx;

  app.post('/api/letter/alarm', { schema: { body: Empty, response: { 200: AlarmCount } } }, async (req) =>
    unreadCount(db, (await requireMember(req)).no),
  );

  app.post('/api/letter/alarm/list', { schema: { body: Empty, response: { 200: AlarmList } } }, async (req) =>
    unreadList(db, (await requireMember(req)).no),
  );
}
