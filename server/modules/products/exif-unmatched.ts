// Camera and lens names uploads carry that matched no product (decision 52), listed for
// administrators and marked ignored. The counting at upload is in exif-unmatched-count.ts, giving
// a name to a product in exif-assign.ts.
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExifUnmatchedPage, ExifUnmatchedQuery } from '../../../common/api/product-exif.js';
import type { Db, Tx } from '../../db/client.js';
import { exifUnmatched } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';

import type { ExifKind } from './exif-unmatched-count.js';
import { thumbUrl } from '../../../common/content/urls.js';

export const EXIF_PAGE_SIZE = 50;

export const EXIF_MSG = {
  noName: 'EXIF 이름을 찾을 수 없습니다.',
  otherType: (kind: 'body' | 'lens') => (kind === 'body' ? '카메라 이름은 카메라 제품에만 넣을 수 있습니다.' : '렌즈 이름은 렌즈 제품에만 넣을 수 있습니다.'),
  merged: '다른 제품으로 합쳐진 제품입니다. 합쳐진 제품을 골라 주세요.',
} as const;

type Row = typeof exifUnmatched.$inferSelect;

/** What the photos' EXIF summary holds for each kind (files.exif ->> this). */
export const SUMMARY_FIELD: Record<ExifKind, 'camera' | 'lens'> = { body: 'camera', lens: 'lens' };

export const auditFields = (r: Row) => ({ kind: r.kind, name: r.name, photos: r.photos, ignored: r.ignored });

// ---------------------------------------------------------------------------------------------
// List

/** Each word a substring of the name, whatever the case. */
function nameSearch(search: string | undefined) {
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => ilike(exifUnmatched.name, `%${w.replace(/[\\%_]/g, (c) => '\\' + c)}%`)));
}

/**
 * The newest unmatched photo carrying the row's name in a post that is not deleted (an admin may
 * open any board): found through the partial index of unmatched photos by name (files_unmatched_*).
 */
const exampleOf = (field: 'camera' | 'lens', productColumn: 'camera_product_id' | 'lens_product_id') => sql`(
  select json_build_object('fileKey', f.key, 'postKey', f.post_key, 'boardId', po.board_id)
  from files f join posts po on po.key = f.post_key
  where (f.exif ->> ${sql.raw(`'${field}'`)}) = "exif_unmatched"."name" and (f.exif ->> ${sql.raw(`'${field}'`)}) is not null
    and f.${sql.raw(productColumn)} is null and f.image and f.thumb_path is not null and po.deleted_at is null
  order by f.created_at desc limit 1)`;

type Example = { fileKey: string; postKey: number | string; boardId: string } | null;

/** Names newest first (by their last upload), 50 a page; the waiting ones or the ignored ones. */
export async function listUnmatched(db: Db, q: z.output<typeof ExifUnmatchedQuery>): Promise<z.output<typeof ExifUnmatchedPage>> {
  const where = and(eq(exifUnmatched.ignored, q.ignored), q.kind ? eq(exifUnmatched.kind, q.kind) : undefined, nameSearch(q.search));
  // Spelled out: inside the subqueries a bare column name would mean the files table's own.
  const example = sql<Example>`case when "exif_unmatched"."kind" = 'body' then ${exampleOf('camera', 'camera_product_id')} else ${exampleOf('lens', 'lens_product_id')} end`;
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: exifUnmatched, example })
      .from(exifUnmatched)
      .where(where)
      .orderBy(desc(exifUnmatched.lastSeenAt), desc(exifUnmatched.id))
      .limit(EXIF_PAGE_SIZE)
      .offset((q.page - 1) * EXIF_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(exifUnmatched).where(where),
  ]);
  return {
    items: rows.map(({ row, example: ex }) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      photos: row.photos,
      lastSeenAt: row.lastSeenAt.toISOString(),
      ignored: row.ignored,
      example: ex ? { fileKey: ex.fileKey, thumbUrl: thumbUrl(ex.fileKey), boardId: ex.boardId, postKey: Number(ex.postKey) } : null,
    })),
    page: q.page,
    pageSize: EXIF_PAGE_SIZE,
    total: Number(count?.n ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Ignore

export async function findName(tx: Tx, id: number): Promise<Row> {
  const [row] = await tx.select().from(exifUnmatched).where(eq(exifUnmatched.id, id)).for('update');
  if (!row) throw notFound(EXIF_MSG.noName);
  return row;
}

/** Marks a name ignored (out of the default list) or waiting again. */
export async function setIgnored(db: Db, admin: Member, id: number, ignored: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findName(tx, id);
    const [after] = await tx.update(exifUnmatched).set({ ignored }).where(eq(exifUnmatched.id, id)).returning();
    await audit(tx, admin, {
      action: ignored ? 'product.exifIgnore' : 'product.exifUnignore',
      targetKind: 'exifName',
      targetKey: before.name,
      before: auditFields(before),
      after: auditFields(after!),
    });
  });
}
