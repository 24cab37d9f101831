import { desc, eq } from 'drizzle-orm';
import type { LogoInfo } from '../../../common/api/session.js';
import type { Tx } from '../../db/client.js';
import { logos, settings } from '../../db/schema/index.js';
import { CommunitySettings } from './settings.js';

export async function getSettings(db: Tx): Promise<CommunitySettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'community')).limit(1);
  return CommunitySettings.parse(row?.value ?? {});
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
