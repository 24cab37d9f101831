// The market's RSS feed (/feed/market.xml, ?category=cN for one category): the newest 30 items a
// visitor may read, each titled with its price and status, linking to its item page.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CONDITION_LABEL, KIND_LABEL, REGION_LABEL, STATUS_LABEL } from '../../../common/api/market.js';
import { htmlToPlainText } from '../../../common/content/plain-text.js';
import { formatNumber } from '../../../common/format.js';
import type { Db } from '../../db/client.js';
import { files, marketItems, posts } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { allBoards } from '../posts/board-rules.js';

import { can, VISITOR } from '../posts/policy.js';
import { cachedSettings } from '../community/service.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { MSG } from '../market/policy.js';
import type { FeedChannel } from './rss.js';
import { thumbUrl } from '../../../common/content/urls.js';

export const MARKET_FEED_SIZE = 30;
const EXCERPT_MAX = 300;
/** Only the start of an item's text is read for its excerpt. */
const CONTENT_HEAD = 4_000;

export async function marketFeed(db: Db, origin: string, category: string): Promise<FeedChannel> {
  const [all, settings] = await Promise.all([allBoards(db), cachedSettings(db)]);
  const board = all.get(MARKET_BOARD);
  // Not 403: a feed never says that a closed market exists.
  if (!board || !can(VISITOR, 'read', board)) throw notFound(MSG.noItem);
  const cat = category === 'c0' || category === 'all' ? null : board.categories.find((c) => c.code === category);
  if (cat === undefined) throw notFound(MSG.noCategory);
  const rows = await db
    .select({
      key: marketItems.postKey,
      category: marketItems.category,
      price: sql<number>`coalesce(${marketItems.currentPrice}, ${marketItems.price})`,
      status: marketItems.status,
      condition: marketItems.condition,
      region: marketItems.region,
      auction: marketItems.auction,
      kind: marketItems.kind,
      priceMin: marketItems.priceMin,
      createdAt: marketItems.createdAt,
      subject: posts.subject,
      nickName: posts.nickName,
      updatedAt: posts.updatedAt,
      head: sql<string>`substr(${posts.content}, 1, ${CONTENT_HEAD})`,
      photo: sql<string | null>`(select f.key from ${files} f where f.post_key = ${marketItems.postKey} and f.image order by f.sort, f.key limit 1)`,
    })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .where(and(isNull(marketItems.deletedAt), isNull(posts.deletedAt), isNull(posts.hiddenAt), cat ? eq(marketItems.category, cat.code) : undefined))
    .orderBy(desc(marketItems.postKey))
    .limit(MARKET_FEED_SIZE);
  const name = cat ? `${board.name} › ${cat.name}` : board.name;
  return {
    title: `${name} - ${settings.siteName}`,
    link: `${origin}/market/${cat?.code ?? 'all'}/list`,
    self: `${origin}/feed/market.xml${cat ? `?category=${cat.code}` : ''}`,
    description: `${settings.siteName} ${name}에 새로 올라온 매물`,
    lastBuild: rows.length ? new Date(Math.max(...rows.map((r) => r.updatedAt.getTime()))) : undefined,
    items: rows.map((r) => {
      // A wanted ad (삽니다) gives the range the member would pay, not an asking price.
      const price =
        r.kind === 'wanted'
          ? `${KIND_LABEL.wanted} ${r.priceMin !== null ? `${formatNumber(Number(r.priceMin))}~` : ''}${formatNumber(Number(r.price))}원`
          : `${r.auction ? '경매 ' : ''}${formatNumber(Number(r.price))}원`;
      const facts = [price, `상태 ${CONDITION_LABEL[r.condition].label}`, REGION_LABEL[r.region] ?? ''].filter(Boolean);
      const text = htmlToPlainText(r.head.replace(/<[^>]*$/, ''), EXCERPT_MAX);
      return {
        title: `[${STATUS_LABEL[r.status]}] ${r.subject}`,
        link: `${origin}/market/view/${r.key}`,
        author: r.nickName,
        category: board.categories.find((c) => c.code === r.category)?.name,
        description: `${facts.join(' · ')}${text ? ` — ${text}` : ''}`,
        published: r.createdAt,
        thumbnail: r.photo ? origin + thumbUrl(r.photo) : undefined,
      };
    }),
  };
}
