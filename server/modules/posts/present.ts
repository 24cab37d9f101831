// Rows -> what the contract sends. Only the fields listed here leave the server: never a user
// number, an email or the search columns.
import { sql } from 'drizzle-orm';
import type { PhotoExif, PostFile, PostSummary } from '../../../common/api/boards.js';
import type { Db } from '../../db/client.js';
import { files, products } from '../../db/schema/index.js';
import { activityRanks } from '../../lib/activity-rank.js';
import { fileUrl, mediumUrl, thumbUrl } from '../../../common/content/urls.js';

/** The columns a list row needs (posts joined with its author's users row). */
export interface SummaryRow {
  key: number;
  boardId: string;
  category: string;
  subject: string;
  userNo: number | null;
  nickName: string;
  createdAt: Date;
  views: number;
  recommends: number;
  commentCount: number;
  notice: boolean;
  hasImage: boolean;
  hasFile: boolean;
  /** The post carries a poll (polls module); absent in rows read without it. */
  hasPoll?: boolean;
  /** 비밀글, and how deep an answer it is (0: not an answer); decision 39. */
  secret: boolean;
  answerDepth: number;
  answerTo: number | null;
  /** From the author's users row; null when it is gone. */
  userId: string | null;
  points: number | null;
  status: string | null;
}

export interface BoardNames {
  name: string;
  categories: ReadonlyArray<{ code: string; name: string }>;
}

export interface Author {
  userId: string;
  nickName: string;
  levelKey: number | null;
}

export type Ranks = ReadonlyMap<number, number>;

/** The activity ranks of every active author in the rows, in at most one query. */
export function ranksFor(db: Db, rows: ReadonlyArray<{ userNo: number | null; points: number | null; status: string | null }>): Promise<Ranks> {
  const seen = new Map<number, number>();
  for (const r of rows) if (r.userNo !== null && r.points !== null && r.status === 'active') seen.set(r.userNo, r.points);
  return activityRanks(db, [...seen].map(([no, points]) => ({ no, points })));
}

export function presentAuthor(
  row: { userNo: number | null; userId: string | null; nickName: string; status: string | null },
  ranks: Ranks,
): Author {
  const active = row.status === 'active' && row.userNo !== null;
  return {
    // A withdrawn member keeps their userId (it is never reused) but has no space or stars.
    userId: active ? (row.userId ?? '') : '',
    nickName: row.nickName,
    levelKey: active ? (ranks.get(row.userNo!) ?? null) : null,
  };
}

/** What a list shows of a secret post to anyone but an administrator: that it exists. */
export const SECRET_SUBJECT = '비밀글입니다';

/**
 * A list row. A secret post's subject shows only when revealSecret (an administrator's list, kept
 * apart by the answer cache's reader kind); everyone else gets SECRET_SUBJECT (decision 39).
 */
export function presentSummary(row: SummaryRow, board: BoardNames | undefined, ranks: Ranks, revealSecret = false): PostSummary {
  return {
    key: row.key,
    boardId: row.boardId,
    boardName: board?.name ?? '',
    categoryName: board?.categories.find((c) => c.code === row.category)?.name ?? '',
    subject: row.secret && !revealSecret ? SECRET_SUBJECT : row.subject,
    ...(row.secret && { secret: true }),
    ...(row.answerDepth > 0 && { answerDepth: row.answerDepth }),
    author: presentAuthor(row, ranks),
    createdAt: row.createdAt.toISOString(),
    views: row.views,
    recommends: row.recommends,
    commentCount: row.commentCount,
    notice: row.notice,
    hasImage: row.hasImage,
    hasFile: row.hasFile,
    ...(row.hasPoll && { hasPoll: true }),
  };
}

type Named = { key: string; name: string } | null;
/** A post's file as read with the post; photos add their EXIF summary and the products it names. */
export type PostFileRow = {
  key: string;
  name: string;
  size: number;
  image: boolean;
  width?: number | null;
  height?: number | null;
  medium?: boolean;
  exif?: PhotoExif | null;
  camera?: Named;
  lens?: Named;
};

/**
 * The files of the post whose key is `postKey` (an SQL expression), in their order, as PostFileRow
 * JSON (null when it has none): a photo's EXIF summary and the visible products it names (a hidden
 * product's page is closed).
 */
export const postFilesJson = (postKey: unknown) =>
  sql<PostFileRow[] | null>`(select json_agg(json_build_object('key', f.key, 'name', f.name, 'size', f.size, 'image', f.image, 'exif', f.exif,
      'width', f.width, 'height', f.height, 'medium', f.medium_path is not null,
      'camera', (select json_build_object('key', p.key, 'name', p.brand || ' ' || p.name) from ${products} p where p.id = f.camera_product_id and not p.hidden),
      'lens', (select json_build_object('key', p.key, 'name', p.brand || ' ' || p.name) from ${products} p where p.id = f.lens_product_id and not p.hidden)) order by f.sort)
    from ${files} f where f.post_key = ${postKey})`;

export function presentFile(f: PostFileRow): PostFile {
  const file: PostFile = {
    fileKey: f.key,
    name: f.name,
    size: f.size,
    image: f.image,
    url: fileUrl(f.key, f.name),
    thumbUrl: f.image ? thumbUrl(f.key) : null,
  };
  if (!f.image) return file;
  // The sizes the full-screen viewer picks from (web/ui/photo-viewer.tsx), when the row knows them.
  const sized = f.width && f.height ? { ...file, width: f.width, height: f.height, mediumUrl: f.medium ? mediumUrl(f.key) : null } : file;
  if (!f.exif) return sized;
  return { ...sized, exif: f.exif, cameraProduct: f.camera ?? null, lensProduct: f.lens ?? null };
}
