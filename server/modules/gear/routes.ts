// My gear calls (docs/product/gear.md#calls): anyone reads a public list; every write and the
// suggestions are the caller's own (requireMember, never a member named in the body).
import { Empty, Ok } from '../../../common/api/common.js';
import { GearDelete, GearDismiss, GearList, GearListQuery, GearOrder, GearPrivacy, GearSave, GearSaved, GearSuggestions } from '../../../common/api/gear.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { deleteGear, listGear, orderGear, saveGear, setGearPrivacy } from './service.js';
import { dismissGear, suggestGear } from './suggest.js';

export default async function gearRoutes(app: App) {
  const { db } = app.ctx;
  // Plenty for tidying a list by hand, short of a script.
  const writeLimit = memberLimiter(app, 'gear-write', 60, 60_000);
  const ok = { ok: true as const };

  // Not kept in the answer cache: `mine` and a private list depend on the caller.
  app.post('/api/gear/list', { schema: { body: GearListQuery, response: { 200: GearList } } }, async (req) =>
    listGear(db, await req.member(), req.body.userId),
  );

  app.post('/api/gear/save', { schema: { body: GearSave, response: { 200: GearSaved } } }, async (req) => {
    const member = await requireMember(req);
    await writeLimit(req, member);
    return { gearKey: await saveGear(db, member, req.body) };
  });

  app.post('/api/gear/delete', { schema: { body: GearDelete, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await writeLimit(req, member);
    await deleteGear(db, member, req.body.gearKey);
    return ok;
  });

  app.post('/api/gear/order', { schema: { body: GearOrder, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await writeLimit(req, member);
    await orderGear(db, member, req.body.gearKeys);
    return ok;
  });

  app.post('/api/gear/privacy', { schema: { body: GearPrivacy, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await writeLimit(req, member);
    await setGearPrivacy(db, member, req.body.private);
    return ok;
  });

  app.post('/api/gear/suggestions', { schema: { body: Empty, response: { 200: GearSuggestions } } }, async (req) => suggestGear(db, await requireMember(req)));

  app.post('/api/gear/dismiss', { schema: { body: GearDismiss, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await writeLimit(req, member);
    await dismissGear(db, member, req.body.productKey);
    return ok;
  });
}
