// The new-member rules in the community settings: one JSON value under the key 'spam', read on
// every write it governs (writes are few), saved by the administrator with an audit record.
import { asc, eq, sql } from 'drizzle-orm';
import { SPAM_DEFAULTS, SpamSettings, type SpamSettingsInfo } from '../../../common/api/spam.js';
import type { Db, Tx } from '../../db/client.js';
import { levels, settings } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';

const KEY = 'spam';

export async function spamSettings(db: Tx): Promise<SpamSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)).limit(1);
  const parsed = SpamSettings.safeParse({ ...SPAM_DEFAULTS, ...((row?.value as object | undefined) ?? {}) });
  return parsed.success ? parsed.data : SPAM_DEFAULTS;
}

export async function spamSettingsInfo(db: Db): Promise<SpamSettingsInfo> {
  const [current, rows] = await Promise.all([
    spamSettings(db),
    db.select({ id: levels.id, name: levels.name, minPoints: levels.minPoints }).from(levels).orderBy(asc(levels.minPoints)),
  ]);
  return { settings: current, levels: rows };
}

export async function saveSpamSettings(db: Db, admin: Member, next: SpamSettings): Promise<SpamSettingsInfo> {
  await db.transaction(async (tx) => {
    if (next.newMemberLevelId !== null) {
      const [level] = await tx.select({ id: levels.id }).from(levels).where(eq(levels.id, next.newMemberLevelId));
      if (!level) throw badRequest('새 회원으로 볼 등급을 다시 골라 주세요.');
    }
    const before = await spamSettings(tx);
    await tx
      .insert(settings)
      .values({ key: KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: sql`now()` } });
    await audit(tx, admin, { action: 'spam.settings', targetKind: 'spam', targetKey: KEY, before, after: next });
  });
  return spamSettingsInfo(db);
}
