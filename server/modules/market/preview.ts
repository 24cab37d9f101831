// A market item's link preview: its subject, price, condition, region and the start of its
// text, and its first photo; as a visitor sees it (the market open to visitors, the item neither
// deleted nor hidden after a report), else the site's.
import { eq, sql } from 'drizzle-orm';
import { CONDITION_LABEL, REGION_LABEL, STATUS_LABEL } from '../../../common/api/market.js';
import { formatNumber } from '../../../common/format.js';
import { type Db, perDatabase } from '../../db/client.js';
import { files, marketItems, posts } from '../../db/schema/index.js';
import { allBoards } from '../posts/board-rules.js';

import { can, VISITOR } from '../posts/policy.js';
import { describeHtml, type Preview, shorten, SITE } from '../previews/preview.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { fileUrl } from '../../../common/content/urls.js';

type FirstPhoto = { key: string; name: string; width: number | null; height: number | null };

function build(db: Db) {
  return db
    .select({
      subject: posts.subject,
      content: posts.content,
      deletedAt: posts.deletedAt,
      hiddenAt: posts.hiddenAt,
      itemDeletedAt: marketItems.deletedAt,
      price: sql<number>`coalesce(${marketItems.currentPrice}, ${marketItems.price})`,
      status: marketItems.status,
      condition: marketItems.condition,
      region: marketItems.region,
      auction: marketItems.auction,
      photo: sql<FirstPhoto | null>`(select json_build_object('key', f.key, 'name', f.name, 'width', f.width, 'height', f.height)
        from ${files} f where f.post_key = ${marketItems.postKey} and f.image order by f.sort, f.key limit 1)`,
    })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .where(eq(marketItems.postKey, sql.placeholder('key')))
    .limit(1)
    .prepare('preview_market_row');
}
const prepared = perDatabase(build);

export async function marketPreview(db: Db, key: number): Promise<Preview> {
  const query = prepared(db);
  const [[row], boards] = await Promise.all([query.execute({ key }), allBoards(db)]);
  if (!row || row.deletedAt !== null || row.itemDeletedAt !== null || row.hiddenAt !== null) return SITE;
  const board = boards.get(MARKET_BOARD);
  if (!board || !can(VISITOR, 'read', board)) return SITE;
  const facts = [
    `${row.auction ? '경매 ' : ''}${formatNumber(Number(row.price))}원`,
    STATUS_LABEL[row.status],
    `상태 ${CONDITION_LABEL[row.condition].label}`,
    REGION_LABEL[row.region] ?? '',
  ].filter(Boolean);
  const text = describeHtml(row.content);
  const photo = row.photo;
  return {
    title: shorten(row.subject, 100),
    description: shorten(`${facts.join(' · ')}${text ? ` — ${text}` : ''}`),
    image: photo ? { path: fileUrl(photo.key, photo.name), width: photo.width, height: photo.height } : null,
    path: `/market/view/${key}`,
  };
}
