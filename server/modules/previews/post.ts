// A post's preview: its subject, the start of its text and its first photo, when a visitor may
// read it (its board open to visitors, not deleted, not hidden after a report); else the site.
import { eq, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/client.js';
import { files, posts } from '../../db/schema/index.js';
import { allBoards } from '../posts/board-rules.js';
import { can, VISITOR } from '../posts/policy.js';

import { describeHtml, type Preview, shorten, SITE } from './preview.js';
import { fileUrl } from '../../../common/content/urls.js';

type FirstPhoto = { key: string; name: string; width: number | null; height: number | null };

/**
 * One small statement per post, prepared once per database: the post and its first photo. The
 * photo is the 2560 px WebP, not the 400 px thumbnail: large cards (KakaoTalk, Facebook, X) want
 * 800 px or more and scale it down themselves.
 */
function build(db: Db) {
  return db
    .select({
      boardId: posts.boardId,
      subject: posts.subject,
      content: posts.content,
      deletedAt: posts.deletedAt,
      hiddenAt: posts.hiddenAt,
      secret: posts.secret,
      photo: sql<FirstPhoto | null>`(select json_build_object('key', f.key, 'name', f.name, 'width', f.width, 'height', f.height)
        from ${files} f where f.post_key = ${posts}.key and f.image order by f.sort, f.key limit 1)`,
    })
    .from(posts)
    .where(eq(posts.key, sql.placeholder('key')))
    .limit(1)
    .prepare('preview_post_row');
}
const prepared = perDatabase(build);

export async function postPreview(db: Db, key: number): Promise<Preview> {
  const query = prepared(db);
  const [[row], boards] = await Promise.all([query.execute({ key }), allBoards(db)]);
  // A secret post's card is the site's (decision 39).
  if (!row || row.deletedAt !== null || row.hiddenAt !== null || row.secret) return SITE;
  const board = boards.get(row.boardId);
  if (!board || !can(VISITOR, 'read', board)) return SITE;
  const photo = row.photo;
  return {
    title: shorten(row.subject, 100),
    description: describeHtml(row.content) || `${board.name}의 글입니다.`,
    image: photo ? { path: fileUrl(photo.key, photo.name), width: photo.width, height: photo.height } : null,
    path: `/board/${encodeURIComponent(row.boardId)}/view/${key}`,
  };
}
