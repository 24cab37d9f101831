// The gallery's feed (/feed/gallery.xml): the newest 30 gallery items a visitor may see, each
// linking to its gallery page with its cover's 1280 px photo (the thumbnail when none).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, posts } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { allBoards, MSG } from '../posts/board-rules.js';

import { can, VISITOR } from '../posts/policy.js';
import { cachedSettings } from '../community/service.js';
import { htmlToPlainText } from '../../../common/content/plain-text.js';
import type { FeedChannel } from './rss.js';
import { FEED_SIZE, type FeedPlace } from './service.js';
import { GALLERY_BOARD } from '../posts/kinds.js';
import { mediumUrl, thumbUrl } from '../../../common/content/urls.js';

const EXCERPT_MAX = 300;

export async function galleryFeed(db: Db, place: FeedPlace): Promise<FeedChannel> {
  const [all, settings] = await Promise.all([allBoards(db), cachedSettings(db)]);
  const board = all.get(GALLERY_BOARD);
  if (!board || !can(VISITOR, 'read', board)) throw notFound(MSG.noBoard);
  const rows = await db
    .select({
      key: posts.key,
      subject: posts.subject,
      nickName: posts.nickName,
      content: posts.content,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      photo: sql<{ key: string; medium: boolean } | null>`(select json_build_object('key', f.key, 'medium', f.medium_path is not null) from ${files} f where f.post_key = ${posts}.key and f.image order by f.sort, f.key limit 1)`,
    })
    .from(posts)
    .where(and(eq(posts.boardId, board.id), isNull(posts.deletedAt), isNull(posts.hiddenAt)))
    .orderBy(desc(posts.key))
    .limit(FEED_SIZE);
  return {
    title: `${board.name} - ${settings.siteName}`,
    // No page lists the whole gallery; the home page shows its newest items.
    link: `${place.origin}/`,
    self: `${place.origin}/feed/gallery.xml`,
    description: board.description.trim() || `${settings.siteName} 회원들의 새 사진`,
    lastBuild: rows.length ? new Date(Math.max(...rows.map((r) => r.updatedAt.getTime()))) : undefined,
    items: rows.map((r) => ({
      title: r.subject,
      link: `${place.origin}/gallery/view/${r.key}`,
      author: r.nickName,
      category: board.name,
      // Stored as text with line breaks only (gallery-write.ts): its plain text is the excerpt.
      description: htmlToPlainText(r.content, EXCERPT_MAX),
      published: r.createdAt,
      thumbnail: r.photo ? place.origin + (r.photo.medium ? mediumUrl(r.photo.key) : thumbUrl(r.photo.key)) : undefined,
    })),
  };
}
