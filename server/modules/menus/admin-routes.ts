// Admin calls for programs and the menu tree. Every one is guarded by requireAdmin before its body
// is even checked (visitors 401, members 403); every write leaves an admin_audit record inside its
// own transaction.
import { MenuOrder, MenuTree, MenuTreeSave, ProgramDelete, ProgramListQuery, ProgramPage, ProgramSave } from '../../../common/api/admin-menus.js';
import { Empty, Ok } from '../../../common/api/common.js';
import { requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { listTree, moveEntry, saveTree } from './admin-menus.js';
import { deleteProgram, listPrograms, saveProgram } from './admin-programs.js';

export default async function adminMenuRoutes(app: App) {
  const { db } = app.ctx;
  // The guard runs before the body is checked, so a visitor or member never learns a call's
  // field rules from its 400s (this plugin's own hook: it covers only the routes below).
  app.addHook('preValidation', async (req) => {
    await requireAdmin(req);
  });

  app.post('/api/admin/program/list', { schema: { body: ProgramListQuery, response: { 200: ProgramPage } } }, async (req) => {
    await requireAdmin(req);
    return listPrograms(db, req.body);
  });

  app.post('/api/admin/program/save', { schema: { body: ProgramSave, response: { 200: ProgramSave.omit({ create: true }) } } }, async (req) =>
    saveProgram(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/program/delete', { schema: { body: ProgramDelete, response: { 200: Ok } } }, async (req) => {
    await deleteProgram(db, await requireAdmin(req), req.body.id);
    return { ok: true as const };
  });

  app.post('/api/admin/menu/list', { schema: { body: Empty, response: { 200: MenuTree } } }, async (req) => {
    await requireAdmin(req);
    return listTree(db);
  });

  app.post('/api/admin/menu/save', { schema: { body: MenuTreeSave, response: { 200: MenuTree } } }, async (req) => {
    await saveTree(db, await requireAdmin(req), req.body);
    return listTree(db);
  });

  app.post('/api/admin/menu/order', { schema: { body: MenuOrder, response: { 200: MenuTree } } }, async (req) =>
    moveEntry(db, await requireAdmin(req), req.body),
  );
}
