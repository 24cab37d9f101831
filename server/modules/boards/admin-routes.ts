// Admin board calls. Every one starts with requireAdmin (visitors 401, members 403); every write
// leaves an admin_audit record inside its own transaction (admin-boards.ts, admin-board-categories.ts).
import {
  AdminBoardDelete,
  AdminBoardListQuery,
  AdminBoardOrder,
  AdminBoardPage,
  AdminBoardSave,
  AdminBoardSaved,
  AdminCategoryMerge,
  AdminCategoryMerged,
} from '../../../common/api/admin-boards.js';
import { Ok } from '../../../common/api/common.js';
import { requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { mergeCategory } from './admin-board-categories.js';
import { deleteBoard, listAdminBoards, orderBoards, saveBoard } from './admin-boards.js';

export default async function adminBoardRoutes(app: App) {
  const { db } = app.ctx;
  // The guard runs before the body is checked, so a visitor or member never learns a call's
  // field rules from its 400s (this plugin's own hook: it covers only the routes below).
  app.addHook('preValidation', async (req) => {
    await requireAdmin(req);
  });

  app.post('/api/admin/board/list', { schema: { body: AdminBoardListQuery, response: { 200: AdminBoardPage } } }, async (req) => {
    await requireAdmin(req);
    return listAdminBoards(db, req.body);
  });

  app.post('/api/admin/board/save', { schema: { body: AdminBoardSave, response: { 200: AdminBoardSaved } } }, async (req) => ({
    id: await saveBoard(db, await requireAdmin(req), req.body),
  }));

  app.post('/api/admin/board/delete', { schema: { body: AdminBoardDelete, response: { 200: Ok } } }, async (req) => {
    await deleteBoard(db, await requireAdmin(req), req.body.id);
    return { ok: true as const };
  });

  app.post('/api/admin/board/order', { schema: { body: AdminBoardOrder, response: { 200: Ok } } }, async (req) => {
    await orderBoards(db, await requireAdmin(req), req.body.ids);
    return { ok: true as const };
  });

  app.post('/api/admin/board/category-merge', { schema: { body: AdminCategoryMerge, response: { 200: AdminCategoryMerged } } }, async (req) => ({
    moved: await mergeCategory(db, await requireAdmin(req), req.body.boardId, req.body.from, req.body.into),
  }));
}
