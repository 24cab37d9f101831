// Admin calls of the audit log and the admin home. Both only read; requireAdmin before anything.
import { AuditListQuery, AuditPage, Dashboard } from '../../../common/api/admin-audit.js';
import { Empty } from '../../../common/api/common.js';
import { requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { listAudit } from './audit-list.js';
import { dashboard } from './dashboard.js';

export default async function auditRoutes(app: App) {
  const { db } = app.ctx;
  // Before the body is checked: a visitor or member never learns the filters' rules from a 400.
  app.addHook('preValidation', async (req) => {
    await requireAdmin(req);
  });

  app.post('/api/admin/audit/list', { schema: { body: AuditListQuery, response: { 200: AuditPage } } }, async (req) => {
    await requireAdmin(req);
    return listAudit(db, req.body);
  });

  app.post('/api/admin/dashboard', { schema: { body: Empty, response: { 200: Dashboard } } }, async (req) => {
    await requireAdmin(req);
    return dashboard(db);
  });
}
