// Donation calls: the admin's list, save and delete (admins only, audited) and the public thanks list.
import {
  AdminDonateDelete,
  AdminDonateListQuery,
  AdminDonatePage,
  AdminDonateSave,
  AdminDonateSaved,
  DonateThanks,
  DonateThanksQuery,
} from '../../../common/api/donations.js';
import { Ok } from '../../../common/api/common.js';
import { adminBeforeBody, requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { deleteDonation, donateThanks, listDonations, saveDonation } from './service.js';

export default async function donationRoutes(app: App) {
  const { db } = app.ctx;
  adminBeforeBody(app);

  app.post('/api/donate/thanks', { schema: { body: DonateThanksQuery, response: { 200: DonateThanks } } }, async (req) =>
    donateThanks(db, req.body?.year),
  );

  app.post('/api/admin/donate/list', { schema: { body: AdminDonateListQuery, response: { 200: AdminDonatePage } } }, async (req) => {
    await requireAdmin(req);
    return listDonations(db, req.body);
  });

  app.post('/api/admin/donate/save', { schema: { body: AdminDonateSave, response: { 200: AdminDonateSaved } } }, async (req) =>
    saveDonation(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/donate/delete', { schema: { body: AdminDonateDelete, response: { 200: Ok } } }, async (req) => {
    await deleteDonation(db, await requireAdmin(req), req.body.id);
    return { ok: true as const };
  });
}
