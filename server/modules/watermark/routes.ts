// Watermark calls (docs/api.md#gallery): the member's watermark and credit settings and saving
// them; members only. Uploads read them when sent for a gallery item (files/routes.ts).
import { Empty } from '../../../common/api/common.js';
import { WatermarkSave, WatermarkSettings } from '../../../common/api/watermark.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { getWatermark, saveWatermark } from './settings.js';

export default async function watermarkRoutes(app: App) {
  const { db } = app.ctx;
  // Saving is a click on 저장; a burst is a script.
  const saveLimit = memberLimiter(app, 'watermark-save', 30, 60_000);

  app.post('/api/gallery/watermark', { schema: { body: Empty, response: { 200: WatermarkSettings } } }, async (req) =>
    getWatermark(db, await requireMember(req)),
  );

  app.post('/api/gallery/watermark/save', { schema: { body: WatermarkSave, response: { 200: WatermarkSettings } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    return saveWatermark(db, member, req.body);
  });
}
