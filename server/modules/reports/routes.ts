// Report calls: a member's report (/api/report/save, rate limited) and the admin queue (list,
// resolve, restore a hidden thing; every outcome audited). The queue is the administrators', and
// a board manager's for their boards' reports only (managers/staff.ts, decision 48).
import {
  AdminReportListQuery,
  AdminReportPage,
  AdminReportResolve,
  AdminReportResolved,
  AdminReportRestore,
  AdminReportRestored,
  ReportSave,
  ReportSaved,
} from '../../../common/api/reports.js';
import { requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { requireReportStaff } from '../managers/staff.js';
import { listReports, resolveReport, restoreReport, saveReport } from './service.js';

/** The admin calls a board manager may make (their boards' reports only). */
export const STAFF_CALLS: ReadonlySet<string> = new Set(['/api/admin/report/list', '/api/admin/report/resolve', '/api/admin/report/restore']);

export default async function reportRoutes(app: App) {
  const { db } = app.ctx;
  // Before the body is checked (as adminBeforeBody): the queue's calls let a board manager through
  // too, every other admin call of this plugin only an administrator.
  app.addHook('preValidation', async (req) => {
    const url = req.routeOptions.url;
    if (url && STAFF_CALLS.has(url)) await requireReportStaff(db, req);
    else if (url?.startsWith('/api/admin/')) await requireAdmin(req);
  });
  // Reports are rare; a burst is someone reporting everything in sight.
  const saveLimit = memberLimiter(app, 'report-save', 10, 10 * 60_000);

  app.post('/api/report/save', { schema: { body: ReportSave, response: { 200: ReportSaved } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    return saveReport(db, member, req.body);
  });

  app.post('/api/admin/report/list', { schema: { body: AdminReportListQuery, response: { 200: AdminReportPage } } }, async (req) => {
    const staff = await requireReportStaff(db, req);
    return listReports(db, req.body, staff.boards);
  });

  app.post('/api/admin/report/resolve', { schema: { body: AdminReportResolve, response: { 200: AdminReportResolved } } }, async (req) => {
    const staff = await requireReportStaff(db, req);
    return resolveReport(db, staff.member, req.body, staff.boards);
  });

  app.post('/api/admin/report/restore', { schema: { body: AdminReportRestore, response: { 200: AdminReportRestored } } }, async (req) => {
    const staff = await requireReportStaff(db, req);
    return restoreReport(db, staff.member, req.body, staff.boards);
  });
}
