// The admin home's counts: members, posts and trades today and this week, open reports.
// Days and weeks are the site's (Asia/Seoul); a week starts on Monday.
import { and, count, gte, isNull, ne, eq } from 'drizzle-orm';
import type { Dashboard } from '../../../common/api/admin-audit.js';
import type { Db } from '../../db/client.js';
import { marketItems, posts, reports, users } from '../../db/schema/index.js';

const KST = 9 * 3600_000;
const DAY = 86_400_000;

/** When today and this week began (KST), as instants. */
export function dayAndWeekStart(now = new Date()): { today: Date; week: Date } {
  const k = now.getTime() + KST;
  const todayKst = k - (k % DAY);
  const weekday = (new Date(todayKst).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return { today: new Date(todayKst - KST), week: new Date(todayKst - weekday * DAY - KST) };
}

export async function dashboard(db: Db, now = new Date()): Promise<Dashboard> {
  const { today, week } = dayAndWeekStart(now);
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
  // Trades: market items sold (by the seller's word or an auction's end) today and this week.
  const sold = and(eq(marketItems.status, 'sold'), isNull(marketItems.deletedAt));
  const tradesToday = n(await db.select({ n: count() }).from(marketItems).where(and(sold, gte(marketItems.soldAt, today))));
  const tradesWeek = n(await db.select({ n: count() }).from(marketItems).where(and(sold, gte(marketItems.soldAt, week))));
  return {
    members: { total, today: joinedToday, week: joinedWeek },
    posts: { today: postsToday, week: postsWeek },
    trades: { today: tradesToday, week: tradesWeek },
    openReports,
  };
}
