// Community setup in the admin area: the settings (one JSON value) and the levels table, read
// and saved together so one save is one audit record and one transaction.
import { isDeepStrictEqual } from 'node:util';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminSetupInfo, AdminSetupSave, SetupSettings } from '../../../common/api/admin-setup.js';
import type { Db, Tx } from '../../db/client.js';
import { levels, settings, users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { forgetSettings, getSettings } from './service.js';
import { CommunitySettings } from './settings.js';

const MSG = {
  noLevel: '없는 등급입니다. 화면을 새로 고친 뒤 다시 시도해 주세요.',
} as const;

/** The fields the admin form edits (other keys stored in the value are kept as they are). */
const editable = (s: CommunitySettings): SetupSettings => ({
  siteName: s.siteName,
  tagline: s.tagline,
  footerLinks: s.footerLinks,
  joinOpen: s.joinOpen,
  realNameRequired: s.realNameRequired.filter((f): f is SetupSettings['realNameRequired'][number] =>
    ['board-write', 'market', 'bidding', 'letters'].includes(f),
  ),
  points: s.points,
  emoticons: s.emoticons,
});

async function levelRows(db: Tx) {
  return db
    .select({
      id: levels.id,
      name: levels.name,
      minPoints: levels.minPoints,
      canMarket: levels.canMarket,
      members: sql<number>`(select count(*)::int from ${users} u where u.level_id = ${levels.id})`,
    })
    .from(levels)
    .orderBy(asc(levels.minPoints));
}

export async function setupInfo(db: Db): Promise<AdminSetupInfo> {
  const [current, rows] = await Promise.all([getSettings(db), levelRows(db)]);
  return { settings: editable(current), levels: rows };
}

const levelAudit = (ls: Array<{ id?: number; name: string; minPoints: number; canMarket: boolean }>) =>
  ls.map((l) => ({ id: l.id ?? null, name: l.name, minPoints: l.minPoints, canMarket: l.canMarket }));

/**
 * Saves the settings and the levels (added, renamed, removed). Members of a removed level move to
 * the level their points reach now. Every node drops its cached settings afterwards.
 */
export async function saveSetup(db: Db, admin: Member, input: AdminSetupSave): Promise<AdminSetupInfo> {
  await db.transaction(async (tx) => {
    // One save at a time: the levels' unique minimum points are swapped in two steps below.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chalkak:setup'))`);
    const [row] = await tx.select().from(settings).where(eq(settings.key, 'community')).for('update');
    const stored = (row?.value ?? {}) as Record<string, unknown>;
    const before = CommunitySettings.parse(stored);
    const beforeLevels = await levelRows(tx);

    const known = new Set(beforeLevels.map((l) => l.id));
    if (input.levels.some((l) => l.id !== undefined && !known.has(l.id))) throw badRequest(MSG.noLevel, 'no_level');
    const keptIds = input.levels.flatMap((l) => (l.id === undefined ? [] : [l.id]));
    if (new Set(keptIds).size !== keptIds.length) throw badRequest(MSG.noLevel, 'no_level');

    // Settings: the edited fields over what is stored (unknown keys survive).
    const value = { ...stored, ...input.settings };
    if (row) await tx.update(settings).set({ value }).where(eq(settings.key, 'community'));
    else await tx.insert(settings).values({ key: 'community', value });

    // Levels: min_points is unique, so kept levels first move out of the way (negative), then
    // take their new values; new ones are inserted; removed ones go after their members move.
    const removed = beforeLevels.filter((l) => !keptIds.includes(l.id)).map((l) => l.id);
    if (keptIds.length) await tx.update(levels).set({ minPoints: sql`-1 - ${levels.id}` }).where(inArray(levels.id, keptIds));
    if (removed.length) await tx.update(levels).set({ minPoints: sql`-1 - ${levels.id}` }).where(inArray(levels.id, removed));
    for (const l of input.levels) {
      const fields = { name: l.name, minPoints: l.minPoints, canMarket: l.canMarket };
      if (l.id !== undefined) await tx.update(levels).set(fields).where(eq(levels.id, l.id));
      else await tx.insert(levels).values(fields);
    }
    if (removed.length) {
      await tx.execute(sql`
        update ${users} set level_id = (
          select l.id from ${levels} l where l.min_points >= 0 and l.min_points <= ${users.points}
          order by l.min_points desc limit 1)
        where ${inArray(users.levelId, removed)}`);
      await tx.delete(levels).where(inArray(levels.id, removed));
    }

    const was = { settings: editable(before), levels: levelAudit(beforeLevels) };
    const now = { settings: input.settings, levels: levelAudit(await levelRows(tx)) };
    // Saving an unchanged form changes nothing, so it leaves no record either.
    if (!isDeepStrictEqual(was, now)) {
      await audit(tx, admin, { action: 'setup.save', targetKind: 'setup', targetKey: 'community', before: was, after: now });
    }
  });
  forgetSettings(db);
  return setupInfo(db);
}
