// Report calls: a member's report (/api/report/save, rate limited) and the admin queue (list,
// resolve; admins only, every outcome audited).
import {
  AdminReportListQuery,
  AdminReportPage,
  AdminReportResolve,
  AdminReportResolved,
  ReportSave,
  ReportSaved,
} from '../../../common/api/reports.js';
import { adminBeforeBody, requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { listReports, resolveReport, saveReport } from './service.js';

export default async function reportRoutes(app: App) {
  const { db } = app.ctx;
  adminBeforeBody(app);
  // Reports are rare; a burst is someone reporting everything in sight.
  const saveLimit = memberLimiter(app, 'report-save', 10, 10 * 60_000);

  app.post('/api/report/save', { schema: { body: ReportSave, response: { 200: ReportSaved } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    return saveReport(db, member, req.body);
  });

  app.post('/api/admin/report/list', { schema: { body: AdminReportListQuery, response: { 200: AdminReportPage } } }, async (req) => {
    await requireAdmin(req);
    return listReports(db, req.body);
  });

  app.post('/api/admin/report/resolve', { schema: { body: AdminReportResolve, response: { 200: AdminReportResolved } } }, async (req) =>
    resolveReport(db, await requireAdmin(req), req.body),
  );
}
