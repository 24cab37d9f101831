// Spam calls: a challenge to solve (/api/spam/challenge; none for a member past the new-member
// rules), the new-member rules in the admin area, and the held content in the report queue.
import { Empty } from '../../../common/api/common.js';
import {
  HeldDecided,
  HeldDecision,
  HeldListQuery,
  HeldPage,
  SpamChallengeAnswer,
  SpamChallengeQuery,
  SpamSettings,
  SpamSettingsInfo,
} from '../../../common/api/spam.js';
import { adminBeforeBody, requireAdmin } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { requireMember } from '../../lib/session.js';
import { newChallenge } from './challenge.js';
import { standingOf } from './guard.js';
import { listHeld, releaseHeld, removeHeld } from './held.js';
import { saveSpamSettings, spamSettingsInfo } from './settings.js';

export default async function spamRoutes(app: App) {
  const { db, sealer, config } = app.ctx;
  adminBeforeBody(app);
  const limit = (max: number, timeWindow: number) =>
    config.rateLimit ? { max, timeWindow, errorResponseBuilder: () => tooManyRequests() } : false;

  app.post(
    '/api/spam/challenge',
    { schema: { body: SpamChallengeQuery, response: { 200: SpamChallengeAnswer } }, config: { rateLimit: limit(60, 60_000) } },
    async (req) => {
      const { purpose } = req.body;
      if (purpose === 'join') return { challenge: await newChallenge(sealer, purpose) };
      const standing = await standingOf(db, await requireMember(req));
      return { challenge: standing.isNew ? await newChallenge(sealer, purpose) : null };
    },
  );

  app.post('/api/admin/spam/settings', { schema: { body: Empty, response: { 200: SpamSettingsInfo } } }, async (req) => {
    await requireAdmin(req);
    return spamSettingsInfo(db);
  });

  app.post('/api/admin/spam/settings/save', { schema: { body: SpamSettings, response: { 200: SpamSettingsInfo } } }, async (req) =>
    saveSpamSettings(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/report/held/list', { schema: { body: HeldListQuery, response: { 200: HeldPage } } }, async (req) => {
    await requireAdmin(req);
    return listHeld(db, req.body);
  });

  app.post('/api/admin/report/held/release', { schema: { body: HeldDecision, response: { 200: HeldDecided } } }, async (req) =>
    releaseHeld(db, await requireAdmin(req), req.body),
  );

  app.post('/api/admin/report/held/remove', { schema: { body: HeldDecision, response: { 200: HeldDecided } } }, async (req) =>
    removeHeld(db, await requireAdmin(req), req.body),
  );
}
