// "Photos taken with it": a product's gallery photos (their EXIF matched it at upload, so this is
// an indexed lookup, never a re-read of files), newest first, each linking to its gallery item.
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductPhoto } from '../../../common/api/gallery.js';
import type { PhotoExif } from '../../../common/api/boards.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import type { Db } from '../../db/client.js';
import { files, posts, products, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { presentAuthor, ranksFor } from '../posts/present.js';
import { GALLERY_BOARD } from '../posts/kinds.js';
import { presentSizes } from './present.js';

const SIZE = PAGE_SIZE.gallery;
export const MSG = { noProduct: '제품을 찾을 수 없습니다.' } as const;

export async function productPhotos(db: Db, productKey: string, page: number) {
  const [product] = await db.select({ id: products.id, hidden: products.hidden }).from(products).where(eq(products.key, productKey)).limit(1);
  if (!product || product.hidden) throw notFound(MSG.noProduct, 'no_product');
  const where = and(
    or(eq(files.cameraProductId, product.id), eq(files.lensProductId, product.id)),
    eq(files.image, true),
    eq(posts.boardId, GALLERY_BOARD),
    isNull(posts.deletedAt),
    isNull(posts.hiddenAt),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        key: files.key,
        name: files.name,
        width: files.width,
        height: files.height,
        medium: sql<boolean>`${files.mediumPath} is not null`,
        exif: files.exif,
        createdAt: files.createdAt,
        postKey: posts.key,
        title: posts.subject,
        userNo: posts.userNo,
        nickName: posts.nickName,
        userId: users.userId,
        points: users.points,
        status: users.status,
      })
      .from(files)
      .innerJoin(posts, eq(posts.key, files.postKey))
      .leftJoin(users, eq(users.no, posts.userNo))
      .where(where)
      .orderBy(desc(files.createdAt), desc(files.key))
      .limit(SIZE)
      .offset((page - 1) * SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(files).innerJoin(posts, eq(posts.key, files.postKey)).where(where),
  ]);
  const ranks = await ranksFor(db, rows);
  const items: z.input<typeof ProductPhoto>[] = rows.map((r) => ({
    ...presentSizes({ key: r.key, name: r.name, width: r.width, height: r.height, medium: r.medium }),
    fileKey: r.key,
    galleryKey: Number(r.postKey),
    title: r.title,
    author: presentAuthor(r, ranks),
    exif: (r.exif as PhotoExif | null) ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, page, pageSize: SIZE, total: Number(count?.n ?? 0) };
}
