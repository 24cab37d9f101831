// Demo galleries for `npm run seed:demo` (after the members of seed-demo.ts): photos made with
// sharp carrying the EXIF of common bodies and lenses, uploaded through the real upload path (so
// they are re-encoded, sized and matched to catalogue products like a member's), gallery items,
// a museum for a few members and today's photos for the last days. A second run changes nothing.
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../server/config.js';
import type { Db } from '../server/db/client.js';
import { posts, users } from '../server/db/schema/index.js';
import { answersChanged } from '../server/lib/answer-cache.js';
import type { Member } from '../server/lib/session.js';
import { createStorage } from '../server/lib/storage.js';
import { saveUpload } from '../server/modules/files/service.js';
import { saveGallery } from '../server/modules/gallery/gallery-write.js';
import { saveMuseum } from '../server/modules/museum/service.js';
import { actorOf } from '../server/modules/posts/board-rules.js';
import { GALLERY_BOARD } from '../server/modules/posts/kinds.js';
import { kstToday, saveToday } from '../server/modules/today/service.js';
import { DEMO_MEMBERS, PLACES } from './seed-demo-data.js';

/** Real EXIF strings of common gear (the catalogue knows them: server/test/exif-match-cases.ts). */
const GEAR = [
  { Make: 'Canon', Model: 'Canon EOS 5D Mark IV', LensModel: 'EF24-70mm f/2.8L II USM' },
  { Make: 'Canon', Model: 'Canon EOS R5', LensModel: 'RF24-105mm F4 L IS USM' },
  { Make: 'NIKON CORPORATION', Model: 'NIKON D850', LensModel: 'AF-S Nikkor 50mm f/1.8G' },
  { Make: 'NIKON CORPORATION', Model: 'NIKON Z 6_2', LensModel: 'NIKKOR Z 24-70mm f/2.8 S' },
  { Make: 'SONY', Model: 'ILCE-7M3', LensModel: 'FE 24-70mm F2.8 GM' },
  { Make: 'FUJIFILM', Model: 'X-T4', LensModel: 'XF23mmF1.4 R' },
  { Make: 'OLYMPUS CORPORATION', Model: 'E-M1MarkIII', LensModel: 'OLYMPUS M.12-40mm F2.8' },
  { Make: 'RICOH IMAGING COMPANY, LTD.', Model: 'RICOH GR III', LensModel: '' },
] as const;
const EXPOSURES = [
  ['35/1', '28/10', '1/250', '100'],
  ['50/1', '18/10', '1/1000', '200'],
  ['24/1', '80/10', '1/125', '400'],
  ['70/1', '40/10', '1/60', '1600'],
  ['18/1', '56/10', '2/1', '100'],
] as const;
const SKIES = ['#f4a259', '#5b8e7d', '#2d4059', '#bc4b51', '#8cb369', '#f4e285', '#3d5a80', '#e07a5f'];
const TITLES = ['의 아침', '에서 만난 빛', ' 산책', '의 오후', ' 해 질 녘', '의 골목', ' 풍경', '에서'];
const ITEMS = 36;
const TODAY_DAYS = 10;
const DAY_MS = 86_400_000;

const asMember = (no: number, userId: string, nickName: string, admin = false): Member => ({
  no,
  userId,
  nickName,
  admin,
  real: false,
  points: 0,
  levelKey: 0,
  sessionHash: '',
  reauthAt: null,
});

/** A 1,600 × 1,067 picture (sky, ground, a sun) with the gear's EXIF. */
async function photo(i: number): Promise<Buffer> {
  const gear = GEAR[i % GEAR.length]!;
  const [focal, fNumber, shutter, iso] = EXPOSURES[i % EXPOSURES.length]!;
  const sky = SKIES[i % SKIES.length]!;
  const ground = SKIES[(i * 3 + 1) % SKIES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="1600" height="1067" fill="url(#g)"/>
    <circle cx="${300 + ((i * 97) % 1000)}" cy="${250 + ((i * 53) % 200)}" r="${60 + (i % 5) * 20}" fill="#fff4d6" opacity="0.85"/>
    <path d="M0 ${700 + (i % 4) * 40} Q 400 ${560 + (i % 3) * 60} 800 ${690} T 1600 ${650 + (i % 5) * 30} V 1067 H 0 Z" fill="${ground}"/>
  </svg>`;
  const taken = `2025:${String((i % 12) + 1).padStart(2, '0')}:${String((i % 27) + 1).padStart(2, '0')} ${String(6 + (i % 12)).padStart(2, '0')}:30:00`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: gear.Make, Model: gear.Model, DateTime: taken },
      IFD2: { ...(gear.LensModel ? { LensModel: gear.LensModel } : {}), FocalLength: focal, FNumber: fNumber, ExposureTime: shutter, ISOSpeedRatings: iso, DateTimeOriginal: taken },
    })
    .toBuffer();
}

/** Adds the demo galleries unless there are some already; returns how many items it added. */
export async function seedDemoGallery(db: Db, config: Config, now = Date.now(), items = ITEMS): Promise<number> {
  const ids = DEMO_MEMBERS.map(([id]) => id);
  const members = await db.select({ no: users.no, userId: users.userId, nickName: users.nickName }).from(users).where(inArray(users.userId, ids));
  if (members.length === 0) return 0;
  const [already] = await db
    .select({ key: posts.key })
    .from(posts)
    .where(and(eq(posts.boardId, GALLERY_BOARD), inArray(posts.userNo, members.map((m) => m.no))))
    .limit(1);
  if (already) return 0;
  const storage = createStorage(config);
  const byNo = new Map(members.map((m) => [m.no, m]));
  const made: Array<{ key: number; no: number }> = [];
  let shot = 0;
  for (let i = 0; i < items; i++) {
    const m = members[(i * 7) % members.length]!;
    const member = asMember(m.no, m.userId, m.nickName ?? m.userId);
    const count = 1 + (i % 4);
    const photos = [];
    for (let p = 0; p < count; p++) {
      const up = await saveUpload(db, storage, { userNo: m.no, name: `demo-${shot}.jpg`, data: await photo(shot++), maxPixels: config.uploads.maxPixels });
      photos.push({ fileKey: up.fileKey, caption: p === 0 ? '' : `${p + 1}번째 컷` });
    }
    const place = PLACES[i % PLACES.length]!;
    const key = await saveGallery(db, await actorOf(db, member), {
      title: `${place}${TITLES[i % TITLES.length]}`,
      description: `${place}에서 찍었습니다.\n보정은 거의 하지 않았어요.`,
      photos,
    });
    // Spread over the last weeks, oldest first.
    const at = new Date(now - (items - i) * DAY_MS * 0.6);
    await db.update(posts).set({ createdAt: at, updatedAt: at, views: 10 + ((i * 37) % 300) }).where(eq(posts.key, key));
    made.push({ key, no: m.no });
  }
  // A museum for a few members: their items, newest first, with a note on the first.
  for (const no of [...new Set(made.map((x) => x.no))].slice(0, 4)) {
    const m = byNo.get(no)!;
    const theirs = made.filter((x) => x.no === no).reverse();
    await saveMuseum(db, await actorOf(db, asMember(no, m.userId, m.nickName ?? m.userId)), {
      exhibits: theirs.map((x, i) => ({ galleryKey: x.key, note: i === 0 ? '가장 아끼는 사진입니다.' : '' })),
    });
  }
  // Today's photos for the last days, picked by the first administrator.
  const [admin] = await db.select({ no: users.no, userId: users.userId, nickName: users.nickName }).from(users).where(eq(users.admin, true)).limit(1);
  if (admin) {
    const picker = asMember(admin.no, admin.userId, admin.nickName ?? admin.userId, true);
    for (let d = 0; d < TODAY_DAYS; d++) {
      const item = made[made.length - 1 - d * 2];
      if (!item) break;
      const date = kstToday(new Date(now - d * DAY_MS));
      await saveToday(db, picker, { date, galleryKey: item.key, note: d === 0 ? '빛과 색이 좋아 오늘의 사진으로 골랐습니다.' : '' });
    }
  }
  answersChanged(db, ['board:gallery', 'all', 'today', 'museum']);
  return made.length;
}
