// A member's watermark and credit for their gallery photos (docs/product/gallery.md#watermark).
// A member without a row has the defaults: no watermark, no credit. Only uploads made for a
// gallery item after a change carry it; photos already stored stay as they were.
import { eq } from 'drizzle-orm';
import type { WatermarkSave, WatermarkSettings } from '../../../common/api/watermark.js';
import type { Db } from '../../db/client.js';
import { watermarkSettings } from '../../db/schema/index.js';
import type { Member } from '../../lib/session.js';
import type { ImageOptions } from '../files/images.js';

type Row = typeof watermarkSettings.$inferSelect;

const DEFAULTS = { enabled: false, text: '', position: 'bottom-right', opacity: 50, keepCredit: false } as const;

async function readRow(db: Db, userNo: number): Promise<Row | undefined> {
  const [row] = await db.select().from(watermarkSettings).where(eq(watermarkSettings.userNo, userNo)).limit(1);
  return row;
}

function present(row: Row | undefined, member: Member): WatermarkSettings {
  const v = row ?? DEFAULTS;
  return {
    enabled: v.enabled,
    text: v.text,
    position: v.position as WatermarkSettings['position'],
    opacity: v.opacity,
    keepCredit: v.keepCredit,
    nickName: member.nickName,
  };
}

export async function getWatermark(db: Db, member: Member): Promise<WatermarkSettings> {
  return present(await readRow(db, member.no), member);
}

/** The body is already cleaned and checked by its schema (common/api/watermark.ts). */
export async function saveWatermark(db: Db, member: Member, body: WatermarkSave): Promise<WatermarkSettings> {
  const values = { ...body, updatedAt: new Date() };
  const [row] = await db
    .insert(watermarkSettings)
    .values({ userNo: member.no, ...values })
    .onConflictDoUpdate({ target: watermarkSettings.userNo, set: values })
    .returning();
  return present(row, member);
}

/**
 * What an upload for the member's gallery carries: the watermark when on (their text, else their
 * nickname), and Artist and Copyright when chosen (the photo's own, else their text or nickname;
 * EXIF text is ASCII, so a Korean name falls back to their member ID).
 */
export async function galleryImageOptions(db: Db, member: Member, year = new Date().getFullYear()): Promise<ImageOptions> {
  const row = await readRow(db, member.no);
  if (!row) return {};
  const text = row.text || member.nickName;
  const ascii = (s: string) => /^[\x20-\x7e]+$/.test(s);
  const artist = ascii(text) ? text : ascii(member.nickName) ? member.nickName : member.userId;
  return {
    mark: row.enabled ? { text, position: row.position as WatermarkSettings['position'], opacity: row.opacity } : null,
    credit: row.keepCredit ? { artist, copyright: `Copyright (c) ${year} ${artist}` } : null,
  };
}
