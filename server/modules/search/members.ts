// Members found by any part of their nickname (decision 47): the query's letters and two-letter
// windows must all be among the nickname's (nick_grams, a GIN index of migration 0026), then the
// text confirms it. Active members only, as the member picker finds them (letters/service.ts).
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { normaliseText } from '../posts/search.js';

export interface MemberRow {
  no: number;
  userId: string;
  nickName: string;
  points: number;
}

/** The query's grams as nick_grams makes them: its two-letter windows, or its one letter. */
export function nickQueryGrams(q: string): string[] {
  const chars = Array.from(q);
  if (chars.length === 1) return [chars[0]!];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  return [...grams];
}

/**
 * A page of members whose nickname holds the query (spaces removed: nicknames have none), the
 * exact name first, then names starting with it, then shorter names; counted up to `cap`.
 */
export async function searchMembers(db: Tx, query: string, page: number, pageSize: number, cap: number): Promise<{ rows: MemberRow[]; total: number }> {
  const q = normaliseText(query).replace(/ /g, '');
  if (!q) return { rows: [], total: 0 };
  const grams = sql`array[${sql.join(
    nickQueryGrams(q).map((g) => sql`${g}`),
    sql`, `,
  )}]::text[]`;
  const starts = sql`(left(lower(${users.nickName}), ${Array.from(q).length}) = ${q})`;
  // The order inside m: the counted hits (at most cap) are the best ones, the exact name among them.
  const statement = sql`with m as (
      select ${users.no} as no, ${users.userId} as user_id, ${users.nickName} as nick_name, ${users.points} as points,
        row_number() over (order by (lower(${users.nickName}) = ${q}) desc, ${starts} desc, length(${users.nickName}), ${users.nickName}) as r
      from ${users}
      where nick_grams(${users.nickName}) @> ${grams} and ${users.nickName} is not null
        and ${users.status} = 'active' and strpos(lower(${users.nickName}), ${q}) > 0
      order by r limit ${cap}
    )
    select (select count(*)::int from m) as n,
      (select coalesce(json_agg(json_build_object('no', p.no, 'userId', p.user_id, 'nickName', p.nick_name, 'points', p.points) order by p.r), '[]'::json)
       from (select no, user_id, nick_name, points, r from m order by r offset ${(page - 1) * pageSize} limit ${pageSize}) p) as page`;
  const [row] = rowsOf<{ n: number; page: MemberRow[] | string }>(await db.execute(statement));
  if (!row) return { rows: [], total: 0 };
  const rows = typeof row.page === 'string' ? (JSON.parse(row.page) as MemberRow[]) : row.page;
  return { rows: rows.map((r) => ({ ...r, no: Number(r.no), points: Number(r.points) })), total: Number(row.n) };
}
