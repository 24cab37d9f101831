// Gallery rows -> what the contract sends. Only the fields named here leave the server: the
// stored EXIF summary never holds GPS (files/images.ts reads no GPS), and nothing private of the
// photographer is selected.
import { sql } from 'drizzle-orm';
import type { GalleryPhoto, GallerySummary } from '../../../common/api/gallery.js';
import type { PhotoExif } from '../../../common/api/boards.js';
import { files, products } from '../../db/schema/index.js';

import { presentAuthor, type Ranks } from '../posts/present.js';
import { fileUrl, mediumUrl, thumbUrl } from '../../../common/content/urls.js';

/** A photo as the JSON the statements build (see photoJson). */
export interface PhotoJson {
  key: string;
  name: string;
  width: number | null;
  height: number | null;
  medium: boolean;
  caption?: string;
  exif?: PhotoExif | null;
  camera?: { key: string; name: string } | null;
  lens?: { key: string; name: string } | null;
}

/** The JSON of one files row `f` with its sizes; `full` adds caption, EXIF and matched products. */
export function photoJson(full: boolean) {
  const base = sql`'key', f.key, 'name', f.name, 'width', f.width, 'height', f.height, 'medium', f.medium_path is not null`;
  if (!full) return sql`json_build_object(${base})`;
  return sql`json_build_object(${base}, 'caption', f.caption, 'exif', f.exif,
    'camera', (select json_build_object('key', p.key, 'name', p.brand || ' ' || p.name) from ${products} p where p.id = f.camera_product_id and not p.hidden),
    'lens', (select json_build_object('key', p.key, 'name', p.brand || ' ' || p.name) from ${products} p where p.id = f.lens_product_id and not p.hidden))`;
}

/** The first photo of the post whose key is `postKey` (an SQL expression), as JSON. */
export const coverJson = (postKey: unknown, full = false) =>
  sql<PhotoJson | null>`(select ${photoJson(full)} from ${files} f where f.post_key = ${postKey} and f.image order by f.sort, f.key limit 1)`;

export function presentSizes(p: PhotoJson) {
  return {
    thumbUrl: thumbUrl(p.key),
    mediumUrl: p.medium ? mediumUrl(p.key) : null,
    url: fileUrl(p.key, p.name),
    width: p.width ?? 0,
    height: p.height ?? 0,
  };
}

const EMPTY_SIZES = { thumbUrl: '', mediumUrl: null, url: '', width: 0, height: 0 };

export function presentPhoto(p: PhotoJson): GalleryPhoto {
  return {
    ...presentSizes(p),
    fileKey: p.key,
    caption: p.caption ?? '',
    exif: p.exif ?? null,
    cameraProduct: p.camera ?? null,
    lensProduct: p.lens ?? null,
  };
}

/** An item's photo, or an empty frame when none is left (every item is saved with one). */
export const presentPhotoOrEmpty = (p: PhotoJson | null | undefined): GalleryPhoto =>
  p ? presentPhoto(p) : { ...EMPTY_SIZES, fileKey: '', caption: '', exif: null, cameraProduct: null, lensProduct: null };

/** The columns of a gallery card row (posts joined with the author's users row). */
export interface GalleryRow {
  key: number;
  subject: string;
  userNo: number | null;
  nickName: string;
  userId: string | null;
  points: number | null;
  status: string | null;
  createdAt: Date;
  views: number;
  recommends: number;
  commentCount: number;
  cover: PhotoJson | null;
  photoCount: number;
}

export function presentGallery(row: GalleryRow, ranks: Ranks): GallerySummary {
  return {
    galleryKey: Number(row.key),
    title: row.subject,
    author: presentAuthor(row, ranks),
    cover: row.cover ? presentSizes(row.cover) : EMPTY_SIZES,
    photoCount: Number(row.photoCount),
    createdAt: row.createdAt.toISOString(),
    views: row.views,
    recommends: row.recommends,
    commentCount: row.commentCount,
  };
}
