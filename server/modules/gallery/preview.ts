// Link previews of gallery items (/gallery/view/{key}) and members' spaces (/space/{userId}/…), as a
// visitor would see them (decision 25): a hidden, deleted or closed item and a withdrawn member
// preview as the site.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts, users } from '../../db/schema/index.js';
import { postPreview } from '../previews/post.js';
import { DEFAULT_IMAGE, type Preview, shorten, SITE } from '../previews/preview.js';
import { GALLERY_BOARD } from '../posts/kinds.js';
import { mediumUrl } from '../../../common/content/urls.js';

/** The post's preview, with the gallery's own address and the 1280 px photo (large cards scale it down). */
export async function galleryPreview(db: Db, key: number): Promise<Preview> {
  const [[row], preview] = await Promise.all([
    db
      .select({ boardId: posts.boardId, photo: sql<string | null>`(select f.key from files f where f.post_key = ${posts}.key and f.image and f.medium_path is not null order by f.sort, f.key limit 1)` })
      .from(posts)
      .where(eq(posts.key, key))
      .limit(1),
    postPreview(db, key),
  ]);
  if (!row || row.boardId !== GALLERY_BOARD || preview === SITE || preview.path === '/') return SITE;
  const image = row.photo && preview.image ? { path: mediumUrl(row.photo), width: null, height: null } : preview.image;
  return { ...preview, image, path: `/gallery/view/${key}` };
}

/** A member's space: their nickname and how many photos and posts they share. */
export async function spacePreview(db: Db, userId: string): Promise<Preview> {
  const [m] = await db
    .select({
      userId: users.userId,
      nickName: users.nickName,
      status: users.status,
      photos: sql<number>`(select count(*)::int from ${posts} p where p.user_no = ${users}.no and p.board_id = ${GALLERY_BOARD} and p.deleted_at is null and p.hidden_at is null)`,
    })
    .from(users)
    .where(and(eq(users.userId, userId), isNull(users.withdrawnAt)))
    .limit(1);
  if (!m || m.status !== 'active' || !m.nickName) return SITE;
  return {
    title: shorten(`${m.nickName}님의 공간`, 100),
    description: `${m.nickName}님의 갤러리(작품 ${m.photos.toLocaleString('ko-KR')}개), 뮤지엄, 글과 댓글`,
    image: { ...DEFAULT_IMAGE },
    path: `/space/${encodeURIComponent(m.userId)}`,
  };
}
