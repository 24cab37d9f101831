// Ignoring a member (docs/api.md#ignoring-a-member, decision 46): members only; every call acts
// on the caller's own list, so no member can read or change another's.
import { IgnoredPage, IgnoredQuery, IgnoreForm, IgnoreResult } from '../../../common/api/ignores.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { ignoredPage, ignoreMember, unignoreMember } from './service.js';

export default async function ignoreRoutes(app: App) {
  const { db } = app.ctx;
  // Plenty for tidying a list by hand, short of a script.
  const writeLimit = memberLimiter(app, 'ignore-write', 60, 60_000);

  app.post('/api/user/ignore', { schema: { body: IgnoreForm, response: { 200: IgnoreResult } } }, async (req) => {
    const member = await requireMember(req);
    await writeLimit(req, member);
    return { ok: true as const, ignored: await ignoreMember(db, member.no, req.body.userId) };
  });

  app.post('/api/user/unignore', { schema: { body: IgnoreForm, response: { 200: IgnoreResult } } }, async (req) => {
    const member = await requireMember(req);
    await writeLimit(req, member);
    return { ok: true as const, ignored: await unignoreMember(db, member.no, req.body.userId) };
  });

  app.post('/api/user/ignored', { schema: { body: IgnoredQuery, response: { 200: IgnoredPage } } }, async (req) => {
    const member = await requireMember(req);
    return ignoredPage(db, member.no, req.body.page);
  });
}
