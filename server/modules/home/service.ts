// The home page in one request (issue 10): today's photo, the newest gallery items, the newest
// posts of the boards the reader may read and the newest market items.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { HomePage } from '../../../common/api/gallery.js';
import type { Db } from '../../db/client.js';
import { marketItems, posts, users } from '../../db/schema/index.js';
import { allBoards } from '../posts/board-rules.js';
import { allList } from '../boards/lists.js';
import { type Actor, can } from '../posts/policy.js';
import { itemColumns, type ItemRow, presentItems, withItemJoins } from '../market/present.js';
import { galleryColumns, listed, presentGalleryRows } from '../gallery/gallery-read.js';
import { GALLERY_BOARD, MARKET_BOARD } from '../posts/kinds.js';
import { currentToday } from '../today/service.js';

const HOME_GALLERY = 12;
const HOME_POSTS = 10;
const HOME_MARKET = 8;

/** What the home page's answer depends on: every post write ('all'), today's picks, the market. */
export const HOME_TAGS = ['all', 'today', 'board:gallery', 'board:market', 'market'];

export async function homePage(db: Db, actor: Actor): Promise<HomePage> {
  const all = await allBoards(db);
  const gallery = all.get(GALLERY_BOARD);
  const market = all.get(MARKET_BOARD);
  const galleryOpen = !!gallery && can(actor, 'read', gallery);
  const [today, galleryRows, latest, marketRows] = await Promise.all([
    galleryOpen ? currentToday(db) : null,
    galleryOpen
      ? db.select(galleryColumns).from(posts).leftJoin(users, eq(users.no, posts.userNo)).where(listed).orderBy(desc(posts.key)).limit(HOME_GALLERY)
      : [],
    allList(db, actor, 1),
    market && can(actor, 'read', market)
      ? withItemJoins(db.select(itemColumns).from(marketItems).$dynamic())
          .where(and(isNull(marketItems.deletedAt), isNull(posts.hiddenAt), inArray(marketItems.status, ['selling', 'reserved'])))
          .orderBy(desc(marketItems.bumpedAt), desc(marketItems.postKey))
          .limit(HOME_MARKET)
      : [],
  ]);
  const [galleryItems, marketCards] = await Promise.all([presentGalleryRows(db, galleryRows), presentItems(db, marketRows as ItemRow[], market, new Date())]);
  return { today, gallery: galleryItems, posts: latest.items.filter((p) => !p.secret).slice(0, HOME_POSTS), market: marketCards };
}
