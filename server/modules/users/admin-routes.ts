// Member management calls. Every one starts with requireAdmin (visitors 401, members 403); every
// write leaves an admin_audit record inside its own transaction (admin-user-actions.ts).
import {
  AdminUserListQuery,
  AdminUserPage,
  AdminUserPoints,
  AdminUserPointsResult,
  AdminUserRestore,
  AdminUserSave,
  AdminUserSuspend,
  AdminUserSuspended,
  AdminUserView,
  AdminUserViewQuery,
} from '../../../common/api/admin-users.js';
import { Ok } from '../../../common/api/common.js';
import { adminBeforeBody, requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { adjustPoints, restoreUser, saveUser, suspendUser } from './admin-user-actions.js';
import { listUsers, viewUser } from './admin-users.js';

export default async function adminUserRoutes(app: App) {
  const { db } = app.ctx;
  adminBeforeBody(app);

  app.post('/api/admin/user/list', { schema: { body: AdminUserListQuery, response: { 200: AdminUserPage } } }, async (req) => {
    await requireAdmin(req);
    return listUsers(db, req.body);
  });

  app.post('/api/admin/user/view', { schema: { body: AdminUserViewQuery, response: { 200: AdminUserView } } }, async (req) => {
    await requireAdmin(req);
    return viewUser(db, req.body.userNo);
  });

  app.post('/api/admin/user/save', { schema: { body: AdminUserSave, response: { 200: Ok } } }, async (req) => {
    await saveUser(db, await requireAdmin(req), req.body);
    return { ok: true as const };
  });

  app.post('/api/admin/user/points', { schema: { body: AdminUserPoints, response: { 200: AdminUserPointsResult } } }, async (req) =>
    adjustPoints(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/user/suspend', { schema: { body: AdminUserSuspend, response: { 200: AdminUserSuspended } } }, async (req) =>
    suspendUser(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/user/restore', { schema: { body: AdminUserRestore, response: { 200: Ok } } }, async (req) => {
    await restoreUser(db, await requireAdmin(req), req.body.userNo);
    return { ok: true as const };
  });
}
