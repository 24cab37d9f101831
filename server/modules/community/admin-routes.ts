// Admin calls for the community setup, levels and logos. Every one starts with requireAdmin
// (visitors 401, members 403); every write leaves an admin_audit record in its transaction.
import {
  AdminLogoActivate,
  AdminLogoDelete,
  AdminLogoList,
  AdminLogoSave,
  AdminLogoSaved,
  AdminSetupInfo,
  AdminSetupSave,
} from '../../../common/api/admin-setup.js';
import { Empty, Ok } from '../../../common/api/common.js';
import { adminBeforeBody, requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { activateLogo, deleteLogo, listLogos, saveLogo } from './admin-logos.js';
import { saveSetup, setupInfo } from './admin-setup.js';

export default async function adminSetupRoutes(app: App) {
  const { db } = app.ctx;
  adminBeforeBody(app);

  app.post('/api/admin/setup/info', { schema: { body: Empty, response: { 200: AdminSetupInfo } } }, async (req) => {
    await requireAdmin(req);
    return setupInfo(db);
  });

  app.post('/api/admin/setup/save', { schema: { body: AdminSetupSave, response: { 200: AdminSetupInfo } } }, async (req) =>
    saveSetup(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/logo/list', { schema: { body: Empty, response: { 200: AdminLogoList } } }, async (req) => {
    await requireAdmin(req);
    return listLogos(db);
  });

  app.post('/api/admin/logo/save', { schema: { body: AdminLogoSave, response: { 200: AdminLogoSaved } } }, async (req) =>
    saveLogo(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/logo/delete', { schema: { body: AdminLogoDelete, response: { 200: Ok } } }, async (req) => {
    await deleteLogo(db, await requireAdmin(req), req.body.id);
    return { ok: true as const };
  });

  app.post('/api/admin/logo/activate', { schema: { body: AdminLogoActivate, response: { 200: Ok } } }, async (req) => {
    await activateLogo(db, await requireAdmin(req), req.body.id, req.body.active);
    return { ok: true as const };
  });
}
