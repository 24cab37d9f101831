// The admin home's counts: members, posts, market listings and sales today and this week, running
// auctions and open reports.
// Days and weeks are the site's (Asia/Seoul); a week starts on Monday.
import { and, count, eq, gt, gte, isNull, ne } from 'drizzle-orm';
import type { Dashboard } from '../../../common/api/admin-audit.js';
import type { Db } from '../../db/client.js';
import { marketItems, posts, reports, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';

const KST = 9 * 3600_000;
const DAY = 86_400_000;

/** When today and this week began (KST), as instants. */
export function dayAndWeekStart(now = new Date()): { today: Date; week: Date } {
  const k = now.getTime() + KST;
  const todayKst = k - (k % DAY);
  const weekday = (new Date(todayKst).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return { today: new Date(todayKst - KST), week: new Date(todayKst - weekday * DAY - KST) };
}

export async function dashboard(db: Db, at = now()): Promise<Dashboard> {
  const { today, week } = dayAndWeekStart(at);
  const n = (rows: Array<{ n: number }>) => Number(rows[0]?.n ?? 0);
  const members = ne(users.status, 'withdrawn');
  const livePosts = isNull(posts.deletedAt);
  // One after another: PGlite has a single connection, and these are small index scans.
  const total = n(await db.select({ n: count() }).from(users).where(members));
  const joinedToday = n(await db.select({ n: count() }).from(users).where(and(members, gte(users.joinDate, today))));
  const joinedWeek = n(await db.select({ n: count() }).from(users).where(and(members, gte(users.joinDate, week))));
  const postsToday = n(await db.select({ n: count() }).from(posts).where(and(livePosts, gte(posts.createdAt, today))));
  const postsWeek = n(await db.select({ n: count() }).from(posts).where(and(livePosts, gte(posts.createdAt, week))));
  const openReports = n(await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')));
  // Trades: items put up (a deleted one never was a trade), items sold (by the seller's word or an
  // auction's end), and auctions still taking bids.
  const liveItems = isNull(marketItems.deletedAt);
  const sold = and(liveItems, eq(marketItems.status, 'sold'));
  const listedToday = n(await db.select({ n: count() }).from(marketItems).where(and(liveItems, gte(marketItems.createdAt, today))));
  const listedWeek = n(await db.select({ n: count() }).from(marketItems).where(and(liveItems, gte(marketItems.createdAt, week))));
  const soldToday = n(await db.select({ n: count() }).from(marketItems).where(and(sold, gte(marketItems.soldAt, today))));
  const soldWeek = n(await db.select({ n: count() }).from(marketItems).where(and(sold, gte(marketItems.soldAt, week))));
  const running = and(liveItems, eq(marketItems.auction, true), isNull(marketItems.endedAt), gt(marketItems.endsAt, at));
  const auctions = n(await db.select({ n: count() }).from(marketItems).where(running));
  return {
    members: { total, today: joinedToday, week: joinedWeek },
    posts: { today: postsToday, week: postsWeek },
    trades: { listed: { today: listedToday, week: listedWeek }, sold: { today: soldToday, week: soldWeek }, auctions },
    openReports,
  };
}
