import { desc, eq } from 'drizzle-orm';
import type { LogoInfo } from '../../../common/api/session.js';
import type { Tx } from '../../db/client.js';
import { logos, settings } from '../../db/schema/index.js';
import { CommunitySettings } from './settings.js';

export async function getSettings(db: Tx): Promise<CommunitySettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'community')).limit(1);
  return CommunitySettings.parse(row?.value ?? {});
}

/**
 * The settings for read paths (a post's emoticons, a board's info), kept per node for a few
 * seconds like the boards: a view no longer reads and parses them every time. Writes and rules
 * (points, sign-up open) keep calling getSettings.
 */
const SETTINGS_TTL_MS = 5_000;
const settingsCaches = new WeakMap<object, { at: number; settings: Promise<CommunitySettings> }>();

export function cachedSettings(db: Tx): Promise<CommunitySettings> {
  const now = Date.now();
  const hit = settingsCaches.get(db);
  if (hit && now - hit.at < SETTINGS_TTL_MS) return hit.settings;
  const entry = { at: now, settings: getSettings(db) };
  entry.settings.catch(() => settingsCaches.delete(db));
  settingsCaches.set(db, entry);
  return entry.settings;
}

/** After the settings change (admin area, tests). */
export function forgetSettings(db: Tx) {
  settingsCaches.delete(db);
}

const NO_LOGO: LogoInfo = { image: '', imageUrl: '', name: '', year: '' };

/** The active second logo, newest first; none is a valid answer. */
export async function currentLogo(db: Tx): Promise<LogoInfo> {
  const [row] = await db
    .select({ image: logos.image, imageUrl: logos.imageUrl, name: logos.name, year: logos.year })
    .from(logos)
    .where(eq(logos.active, true))
    .orderBy(desc(logos.id))
    .limit(1);
  return row ?? NO_LOGO;
}
