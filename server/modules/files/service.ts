// Uploads and downloads: sniff, re-encode images, store through the file store, and decide who
// may read a file (the uploader until it is attached, then whoever may read the post).
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { UploadResult } from '../../../common/api/boards.js';
import { fileUrl, thumbUrl } from '../../../common/content/urls.js';
import { stripBidi } from '../../../common/text.js';
import type { Db } from '../../db/client.js';
import { boards, files, logos, posts, todayPhotos } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import type { FileStorage } from '../../lib/storage.js';
import { can, VISITOR } from '../posts/policy.js';
import { actorOf } from '../posts/board-rules.js';
import { matchUploadExif } from '../products/exif-match.js';
import { forgetUnmatched, noteUnmatched, type UploadNames } from '../products/exif-unmatched-count.js';
import { type ExifSummary, type ImageOptions, processImage } from './images.js';
import { sniff } from './sniff.js';

export type FileRow = typeof files.$inferSelect;

const NAME_MAX = 120;

/**
 * A display name: no folders, no control characters, no bidi controls (`invoice\u202Efdp.exe`
 * must not read as "invoiceexe.pdf"), NFC (Mac browsers send decomposed Hangul).
 */
export function cleanName(raw: string | undefined): string {
  const base = stripBidi(raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f-\u009f"<>|?*:]/g, '_').replace(/^[.\s]+/, '').trim();
  if (name.length > NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, NAME_MAX - ext.length) + ext;
  }
  return name || 'file';
}

const withExt = (name: string, ext: string) => name.replace(/\.[^.]*$/, '') + '.' + ext;


/** Where an object lives in the store: sharded by upload date, named by its random key. */
function storageKey(key: string, suffix: string, now: Date) {
  const d = now.toISOString();
  return `${d.slice(0, 4)}/${d.slice(5, 7)}/${d.slice(8, 10)}/${key}${suffix}`;
}

export function presentUpload(row: FileRow): UploadResult {
  return {
    fileKey: row.key,
    name: row.name,
    size: row.size,
    image: row.image,
    url: fileUrl(row.key, row.name),
    thumbUrl: row.thumbPath ? thumbUrl(row.key) : null,
    width: row.width,
    height: row.height,
    exif: (row.exif as ExifSummary | null) ?? null,
  };
}

export interface UploadInput {
  userNo: number;
  name: string | undefined;
  data: Buffer;
  maxPixels: number;
  /** A gallery photo's watermark and credit (watermark/settings.ts). */
  image?: ImageOptions;
}

export async function saveUpload(db: Db, storage: FileStorage, input: UploadInput): Promise<UploadResult> {
  const type = await sniff(input.data);
  if (type.kind === 'refused') throw badRequest(type.message, 'file_type');
  const key = randomBytes(16).toString('base64url');
  const now = new Date();
  let name = cleanName(input.name);

  let row: typeof files.$inferInsert;
  let products: Awaited<ReturnType<typeof matchUploadExif>> | null = null;
  let names: UploadNames | null = null;
  const written: string[] = [];
  try {
    if (type.kind === 'image') {
      const img = await processImage(input.data, input.maxPixels, type.mime, input.image);
      // The body and lens the EXIF names, kept so "photos taken with it" is a count (docs/product/products.md#matching-photos-to-products).
      products = await matchUploadExif(db, img.exifRaw);
      names = { summary: img.exif, raw: img.exifRaw, cameraProductId: products.cameraProductId, lensProductId: products.lensProductId };
      name = withExt(name, 'webp');
      const main = storageKey(key, '.webp', now);
      const thumb = storageKey(key, '.thumb.webp', now);
      const medium = storageKey(key, '.medium.webp', now);
      await storage.put(main, img.data, 'image/webp');
      written.push(main);
      await storage.put(thumb, img.thumb, 'image/webp');
      written.push(thumb);
      await storage.put(medium, img.medium, 'image/webp');
      written.push(medium);
      let original: string | null = null;
      if (img.original) {
        original = storageKey(key, '.original.webp', now);
        await storage.put(original, img.original, 'image/webp');
        written.push(original);
      }
      row = {
        key,
        userNo: input.userNo,
        name,
        mime: 'image/webp',
        size: img.data.length,
        image: true,
        width: img.width,
        height: img.height,
        storagePath: main,
        thumbPath: thumb,
        mediumPath: medium,
        originalPath: original,
        exif: img.exif,
        cameraProductId: products.cameraProductId,
        lensProductId: products.lensProductId,
      };
    } else {
      const main = storageKey(key, '.' + type.ext, now);
      await storage.put(main, input.data, type.mime);
      written.push(main);
      row = {
        key,
        userNo: input.userNo,
        name,
        mime: type.mime,
        size: input.data.length,
        image: false,
        storagePath: main,
        thumbPath: null,
        exif: null,
      };
    }
    const [saved] = await db.insert(files).values({ ...row, createdAt: now }).returning();
    // Names no product matched are listed for administrators (decision 52).
    if (names) await noteUnmatched(db, names, now);
    const result = presentUpload(saved!);
    return products ? { ...result, cameraProduct: products.cameraProduct, lensProduct: products.lensProduct } : result;
  } catch (e) {
    await Promise.all(written.map((k) => storage.delete(k).catch(() => {})));
    throw e;
  }
}

export async function findFile(db: Db, key: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.key, key)).limit(1);
  return row ?? null;
}

export type ReadDecision = { ok: true; publicBoard: boolean } | { ok: false; reason: 'missing' | 'forbidden' };

/** The boards policy decides: the post is not deleted and the caller may read its board. */
export async function canReadPost(db: Db, member: Member | null, postKey: number): Promise<ReadDecision> {
  const [row] = await db
    .select({
      deletedAt: posts.deletedAt,
      board: {
        id: boards.id,
        adminOnly: boards.adminOnly,
        readLevel: boards.readLevel,
        writeLevel: boards.writeLevel,
        commentLevel: boards.commentLevel,
      },
    })
    .from(posts)
    .innerJoin(boards, eq(boards.id, posts.boardId))
    .where(eq(posts.key, postKey))
    .limit(1);
  if (!row || row.deletedAt) return { ok: false, reason: 'missing' };
  if (!can(await actorOf(db, member), 'read', row.board)) return { ok: false, reason: 'forbidden' };
  return { ok: true, publicBoard: can(VISITOR, 'read', row.board) };
}

/** Who may download a file: the uploader until it is attached, then whoever may read the post. */
export async function canReadFile(db: Db, member: Member | null, file: FileRow): Promise<ReadDecision> {
  if (file.postKey === null) {
    // A product's picture is shown to everyone on the product pages.
    if (file.productId !== null) return { ok: true, publicBoard: true };
    // A logo's picture is in everyone's header.
    if (await isLogoFile(db, file.key)) return { ok: true, publicBoard: true };
    return member && member.no === file.userNo ? { ok: true, publicBoard: false } : { ok: false, reason: 'missing' };
  }
  return canReadPost(db, member, file.postKey);
}

async function isLogoFile(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: logos.id }).from(logos).where(eq(logos.fileKey, key)).limit(1);
  return !!row;
}

/** Not held by a post, a product or a logo: such an upload is removed after a day. */
const unattached = and(
  isNull(files.postKey),
  isNull(files.productId),
  notExists(sql`(select 1 from ${logos} where ${logos.fileKey} = ${files.key})`),
);

export const UNATTACHED_TTL_MS = 24 * 3600_000;
const CLEANUP_BATCH = 500;

/** Deletes files never attached to a post (nor made a product's or a logo's picture) within a day of their upload; returns how many. */
export async function cleanupUnattached(db: Db, storage: FileStorage, olderThanMs = UNATTACHED_TTL_MS): Promise<number> {
  const before = new Date(Date.now() - olderThanMs);
  let total = 0;
  for (;;) {
    const batch = await db
      .select({ key: files.key })
      .from(files)
      .where(and(unattached, lt(files.createdAt, before)))
      .limit(CLEANUP_BATCH);
    if (batch.length === 0) return total;
    // The row goes first (and only while still unattached), so a post saved meanwhile keeps its file.
    // A today's photo that chose a photo its item no longer holds lets go of it first (its pick then
    // shows the item's first photo), or its reference would stop every cleanup from here on.
    const keys = batch.map((b) => b.key);
    const gone = await db.transaction(async (tx) => {
      const stillUnattached = tx.select({ key: files.key }).from(files).where(and(inArray(files.key, keys), unattached));
      await tx.update(todayPhotos).set({ fileKey: null }).where(inArray(todayPhotos.fileKey, stillUnattached));
      const removed = await tx
        .delete(files)
        .where(and(inArray(files.key, keys), unattached))
        .returning({
          storagePath: files.storagePath,
          thumbPath: files.thumbPath,
          mediumPath: files.mediumPath,
          originalPath: files.originalPath,
          exif: files.exif,
          cameraProductId: files.cameraProductId,
          lensProductId: files.lensProductId,
        });
      // Their unmatched EXIF names no longer count them (decision 52).
      await forgetUnmatched(tx, removed);
      return removed;
    });
    for (const f of gone) {
      await storage.delete(f.storagePath).catch(() => {});
      if (f.thumbPath) await storage.delete(f.thumbPath).catch(() => {});
      if (f.mediumPath) await storage.delete(f.mediumPath).catch(() => {});
      if (f.originalPath) await storage.delete(f.originalPath).catch(() => {});
    }
    total += gone.length;
    if (batch.length < CLEANUP_BATCH) return total;
  }
}
