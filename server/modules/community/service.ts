import { desc, eq } from 'drizzle-orm';
import { formatDate } from '../../../common/format.js';
import type { RealNameFeature } from '../../../common/api/admin-setup.js';
import type { LogoInfo } from '../../../common/api/session.js';
import { isSiteOrWebLink } from '../../../common/content/urls.js';
import { answersChanged, onAnswersChanged } from '../../lib/answer-cache.js';
import { forbidden } from '../../lib/errors.js';
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
  // A save on another node reaches this copy through the signals (decision 22).
  onAnswersChanged(db, SETTINGS_TAG, () => settingsCaches.delete(db));
  return entry.settings;
}

const SETTINGS_TAG = 'settings';

/**
 * After the settings change (admin area, tests): this node's copy and, through the signals,
 * every other node's; cached answers go too since posts carry the emoticons.
 */
export function forgetSettings(db: Tx) {
  settingsCaches.delete(db);
  answersChanged(db, [SETTINGS_TAG, '*']);
}

/** The features that need real-name verification: refuses a member who has not verified. */
export async function requireRealName(db: Tx, member: { real: boolean; admin?: boolean }, feature: RealNameFeature) {
  if (member.real || member.admin) return;
  const { realNameRequired } = await cachedSettings(db);
  if (realNameRequired.includes(feature)) throw forbidden(REAL_NAME_MSG[feature], 'real_name_required');
}

const REAL_NAME_MSG: Record<RealNameFeature, string> = {
  'board-write': '글을 쓰려면 먼저 실명 인증을 해 주세요. 내 정보에서 인증할 수 있습니다.',
  market: '장터에 물건을 올리려면 먼저 실명 인증을 해 주세요. 내 정보에서 인증할 수 있습니다.',
  bidding: '입찰하려면 먼저 실명 인증을 해 주세요. 내 정보에서 인증할 수 있습니다.',
  letters: '쪽지를 보내려면 먼저 실명 인증을 해 주세요. 내 정보에서 인증할 수 있습니다.',
};

const NO_LOGO: LogoInfo = { image: '', imageUrl: '', name: '', year: '', main: null };

type LogoRow = typeof logos.$inferSelect;

/** Whether a logo has a schedule (either date). */
export const scheduled = (l: Pick<LogoRow, 'startsOn' | 'endsOn'>) => l.startsOn !== null || l.endsOn !== null;

/**
 * The logo a kind shows on a day (YYYY-MM-DD, the site's day): an active logo scheduled for that
 * day wins (the latest added first), else the active one without dates.
 */
export function logoForDay<T extends Pick<LogoRow, 'id' | 'active' | 'startsOn' | 'endsOn'>>(rows: T[], day: string): T | null {
  const on = rows.filter((l) => l.active && (l.startsOn === null || l.startsOn <= day) && (l.endsOn === null || l.endsOn >= day));
  const pick = (list: T[]) => list.reduce<T | null>((best, l) => (!best || l.id > best.id ? l : best), null);
  return pick(on.filter(scheduled)) ?? pick(on.filter((l) => !scheduled(l)));
}

/** Today's logos (the site's day, Asia/Seoul): the second logo's fields and the main logo, if any. */
export async function currentLogo(db: Tx, now = new Date()): Promise<LogoInfo> {
  const rows = await db.select().from(logos).where(eq(logos.active, true)).orderBy(desc(logos.id));
  const day = formatDate(now);
  const second = logoForDay(rows.filter((l) => l.kind === 'second'), day);
  const main = logoForDay(rows.filter((l) => l.kind === 'main'), day);
  // A link saved before links were judged by the URL parser may lead off the site: none then.
  const link = (l: LogoRow) => (isSiteOrWebLink(l.imageUrl) ? l.imageUrl : '');
  return {
    ...(second ? { image: second.image, imageUrl: link(second), name: second.name, year: second.year } : NO_LOGO),
    main: main ? { image: main.image, imageUrl: link(main), name: main.name } : null,
  };
}
