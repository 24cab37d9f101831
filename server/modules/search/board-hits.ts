// Posts of several boards found with the boards' own Korean search (decision 20): the same token
// columns and slices, each board covered from its newest post back over the posts one board search
// covers (SEARCH_SLICE_POSTS), the hits counted up to the same cap (SEARCH_MATCH_CAP). A word
// found in a board here is what that board's first search page finds; older posts are the
// board's own search's ("더 이전 글에서 찾기"). Docs: docs/decisions/0046-site-search.md.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { boardSearchSlices as slices, posts } from '../../db/schema/index.js';
import { normaliseText, queryTokens, searchCondition } from '../posts/search.js';
import { slicePrefix } from '../posts/search-slices.js';

export interface BoardHitsInput {
  /** The boards searched (at least one to find anything). */
  boards: string[];
  query: string;
  page: number;
  pageSize: number;
  /** Posts of each board covered, newest first (SEARCH_SLICE_POSTS). */
  slicePosts: number;
  /** Hits counted at most (SEARCH_MATCH_CAP). */
  matchCap: number;
  /** A further condition on the post (the market: its item is not deleted). */
  extra?: SQL | undefined;
}

export interface BoardHits {
  /** The page's post keys, newest first. */
  keys: number[];
  total: number;
  capped: boolean;
}

/** Board ids as one text value (ids are [a-z0-9_-]): the statement's text is the same for any set of boards. */
const boardList = (boards: string[]) => sql`string_to_array(${boards.join(',')}, ',')`;

/**
 * Every board's slices one board search covers from its newest post: the slices (newest first)
 * until at least `atLeast` posts, as coveredSlices does for one board (search-slices.ts).
 */
function coveredSlicesOf(boards: string[], atLeast: number): SQL {
  return sql`select s.board_id, s.lo from (
      select ${slices.boardId} as board_id, ${slices.loKey} as lo,
        sum(${slices.posts}) over (partition by ${slices.boardId} order by ${slices.loKey} desc rows unbounded preceding) - ${slices.posts} as newer
      from ${slices} where ${slices.boardId} = any(${boardList(boards)})
    ) s where s.newer < ${atLeast}::int`;
}

/** A single word of one or two characters: its one token per field and slice is the word itself. */
const isExact = (q: string) => !q.includes(' ') && Array.from(q).length <= 2;

/** Live, not hidden after a report, not secret (secret posts carry no tokens either: decision 39). */
const shown = sql`${posts.deletedAt} is null and ${posts.hiddenAt} is null and not ${posts.secret}`;

function matches(s: BoardHitsInput, cond: SQL): SQL {
  const extra = s.extra ? sql` and ${s.extra}` : sql``;
  // "key + 0": no btree index answers the order, so the planner takes the token index's hits
  // (as the board search does, search.ts matches).
  return sql`m as (
      select ${posts.key} as key from ${posts}
      where ${cond} and ${shown}${extra}
      order by ${posts.key} + 0 desc limit ${s.matchCap}
    )`;
}

const answer = (s: BoardHitsInput) => sql`select (select count(*)::int from m) as n,
      array(select key from m order by key desc offset ${(s.page - 1) * s.pageSize} limit ${s.pageSize})::bigint[] as page`;

/**
 * A single short word in one statement (its text is the same for every word, set of boards and
 * page, so it runs prepared on PostgreSQL): the slices covered and the word's token in each field
 * of each are built inside it.
 */
export function exactHitsStatement(s: BoardHitsInput): SQL | null {
  const q = normaliseText(s.query);
  if (!q || !isExact(q) || s.boards.length === 0) return null;
  const suffixes = (['subject', 'content', 'nickName'] as const).flatMap((f) => queryTokens('', f, q));
  const suffixArray = sql`array[${sql.join(
    suffixes.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
  const tokens = sql`(select array_agg(c.board_id || '@' || c.lo || t) from c cross join unnest(${suffixArray}) as t)`;
  // "exists (select 1 from c)" is checked once, before any row: boards without slices (an empty
  // market) read nothing, where a null token array had the planner walk every post (45 ms on
  // 200,000 posts).
  return sql`with c as (${coveredSlicesOf(s.boards, s.slicePosts)}),
    ${matches(s, sql`exists (select 1 from c) and ${posts.searchBigrams} && ${tokens}`)}
    ${answer(s)}`;
}

/** The hits of the query in the boards' covered slices: the page's keys and the count (up to the cap). */
export async function searchBoardHits(db: Tx, s: BoardHitsInput): Promise<BoardHits> {
  const none: BoardHits = { keys: [], total: 0, capped: false };
  const q = normaliseText(s.query);
  if (!q || s.boards.length === 0) return none;
  type Row = { n: number; page: Array<string | number> | string };
  let row: Row | undefined;
  const exact = exactHitsStatement(s);
  if (exact) row = (await executePrepared<Row>(db, exact))[0];
  else {
    const covered = await executePrepared<{ board_id: string; lo: string | number }>(db, coveredSlicesOf(s.boards, s.slicePosts));
    const cond = searchCondition(
      covered.map((c) => slicePrefix(c.board_id, Number(c.lo))),
      'all',
      q,
    );
    if (!cond) return none;
    // As many token arrays as words and slices: not prepared.
    row = rowsOf<Row>(await db.execute(sql`with ${matches(s, cond)} ${answer(s)}`))[0];
  }
  if (!row) return none;
  const total = Number(row.n);
  return { keys: parseKeys(row.page), total, capped: total >= s.matchCap };
}

/** A bigint[] as node-postgres or PGlite return it (an array, or the text form '{1,2}'). */
function parseKeys(v: Array<string | number> | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const inner = v.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}
