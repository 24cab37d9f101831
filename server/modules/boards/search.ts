// Korean search without pg_bigm (DESIGN §2), the same on PGlite and PostgreSQL.
//
// Each post keeps two columns the app computes on every save:
//   search_text     "<subject>\n<body text>\n<nickname>", each part NFC, lower-cased, whitespace
//                   collapsed to single spaces (so the parts never contain the newline).
//   search_bigrams  tokens "<field>:<gram>" for field s (subject), c (content), n (nickname):
//                   every two-character window inside each word, and every single character
//                   (a one-character query such as '색' looks for "s:색").
// A query is cut into words the same way; all its tokens must be in the array (`@>`, which the
// GIN index answers), then the phrase itself is confirmed with strpos on the field's text.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { boardPageChunks as chunks, posts } from '../../db/schema/index.js';

export type SearchField = 'all' | 'subject' | 'content' | 'nickName';

const PREFIX = { subject: 's', content: 'c', nickName: 'n' } as const;
const PART = { subject: 1, content: 2, nickName: 3 } as const;

/** Body text beyond this many characters is not indexed (bounds the token array). */
export const MAX_INDEXED_CHARS = 20_000;

/** NFC, lower case, every run of whitespace (and control characters) as one space, trimmed. */
export function normaliseText(s: string): string {
  return s
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
}

/** The single characters and two-character windows of every word, prefixed by the field. */
function tokensOf(prefix: string, normalised: string, into: Set<string>) {
  for (const word of normalised.split(' ')) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i++) {
      into.add(`${prefix}:${chars[i]}`);
      if (i + 1 < chars.length) into.add(`${prefix}:${chars[i]}${chars[i + 1]}`);
    }
  }
}

export interface SearchColumns {
  searchText: string;
  searchBigrams: string[];
}

/** The two search columns of a post from its subject, plain body text and nickname. */
export function searchColumns(subject: string, bodyText: string, nickName: string): SearchColumns {
  const parts = {
    subject: normaliseText(subject),
    content: Array.from(normaliseText(bodyText)).slice(0, MAX_INDEXED_CHARS).join(''),
    nickName: normaliseText(nickName),
  };
  const tokens = new Set<string>();
  for (const field of ['subject', 'content', 'nickName'] as const) tokensOf(PREFIX[field], parts[field], tokens);
  return {
    searchText: `${parts.subject}\n${parts.content}\n${parts.nickName}`,
    searchBigrams: [...tokens],
  };
}

/** The query tokens for one field: the bigrams of every word, or the character of a one-letter word. */
export function queryTokens(field: Exclude<SearchField, 'all'>, query: string): string[] {
  const tokens = new Set<string>();
  for (const word of normaliseText(query).split(' ')) {
    const chars = Array.from(word);
    if (chars.length === 1) tokens.add(`${PREFIX[field]}:${chars[0]}`);
    for (let i = 0; i + 1 < chars.length; i++) tokens.add(`${PREFIX[field]}:${chars[i]}${chars[i + 1]}`);
  }
  return [...tokens];
}

const textArray = (values: string[]) => sql`array[${sql.join(
  values.map((v) => sql`${v}`),
  sql`, `,
)}]::text[]`;

const tokensIn = (field: Exclude<SearchField, 'all'>, q: string) => sql`${posts.searchBigrams} @> ${textArray(queryTokens(field, q))}`;
const phraseIn = (field: Exclude<SearchField, 'all'>, q: string) =>
  sql`strpos(split_part(${posts.searchText}, E'\n', ${sql.raw(String(PART[field]))}), ${q}) > 0`;

/**
 * The WHERE condition for a search, or null when the query has nothing to look for.
 * 'all' matches when the phrase is in the subject, the body or the nickname. It is written as
 * "(tokens of s or c or n) and (phrase in s or c or n)", which is the same set: a field that holds
 * the phrase always holds its tokens. The GIN index answers the first half as one BitmapOr, and the
 * rows are then confirmed with strpos alone (re-reading the token array of every row, which a
 * per-field "(tokens and phrase) or …" makes PostgreSQL do, cost 20 times more on common words).
 * A single word of one or two characters needs no confirmation: its one token is the word itself,
 * and a field holds that token exactly when it holds the word. The text is then never read (on a
 * slice of posts not read lately, reading each match's text took two thirds of the search).
 */
export function searchCondition(field: SearchField, query: string): SQL | null {
  const q = normaliseText(query);
  if (!q) return null;
  const exact = !q.includes(' ') && Array.from(q).length <= 2;
  if (field !== 'all') return exact ? tokensIn(field, q) : sql`(${tokensIn(field, q)} and ${phraseIn(field, q)})`;
  const fields = ['subject', 'content', 'nickName'] as const;
  const tokens = sql`(${sql.join(
    fields.map((f) => tokensIn(f, q)),
    sql` or `,
  )})`;
  if (exact) return tokens;
  return sql`(${tokens} and (${sql.join(
    fields.map((f) => phraseIn(f, q)),
    sql` or `,
  )}))`;
}

// ---------------------------------------------------------------------------------------------
// Slices (docs/decisions/0020-search-slices.md)

export interface SliceInput {
  boardId: string;
  /** c0 for the whole board. */
  category: string;
  field: SearchField;
  query: string;
  /** The slice holds posts with keys below this one (none: from the newest post). */
  before: number | undefined;
  /** 1-based page of matches inside the slice. */
  page: number;
  pageSize: number;
  /** How many of the board's posts (newest first, below `before`) one slice covers at least (boundStatement). */
  slicePosts: number;
  /** Matches counted at most; a slice with more ends at the last one counted. */
  matchCap: number;
}

export interface SliceResult {
  /** Keys of the page's posts, newest first. */
  keys: number[];
  /** Matches in the slice (matchCap at most). */
  total: number;
  capped: boolean;
  /** `before` of the next, older slice; null when no older posts remain. */
  next: number | null;
}

/**
 * One page of matches inside one slice of a board, in two statements on the same connection:
 *   1. the key below the slice's oldest post, from the board's page chunks (boundStatement): the
 *      slice is the posts above it (all of them when there is none);
 *   2. the slice's matches, newest first, at most matchCap of them, with their count, the oldest
 *      one counted and the page's keys.
 * A slice whose matches reach the cap ends at its last counted match, so every match is on some
 * page of some slice. The bound is a value in the second statement, not a sub-query: with a
 * sub-query the planner could not tell how wide the key range is and walked the whole table's key
 * index (every board) from `before` down to the bound.
 */
export async function searchSlice(db: Tx, s: SliceInput): Promise<SliceResult> {
  if (!searchCondition(s.field, s.query)) return { keys: [], total: 0, capped: false, next: null };
  const [found] = rowsOf<{ key: string | number }>(await db.execute(boundStatement(s)));
  const bound = found ? Number(found.key) : null;
  const row = rowsOf<{ n: number; last: string | number | null; page: Array<string | number> | string }>(
    await db.execute(sliceStatement(s, bound)!),
  )[0]!;
  const total = Number(row.n);
  const capped = total >= s.matchCap;
  const next = capped ? Number(row.last) : bound === null ? null : bound + 1;
  return { keys: parseKeys(row.page), total, capped, next };
}

/** The posts of the board (or its category) below `before`, in the order of its partial index. */
function scope(s: SliceInput) {
  // "between x and x" rather than "= x", as in the board lists (lists.ts boardPageQuery): ordered by
  // (board_id, key desc) or (category, key desc), only the board's partial index fits.
  const inBoard =
    s.category === 'c0'
      ? { where: sql`${posts.boardId} between ${s.boardId} and ${s.boardId}`, order: sql`${posts.boardId}, ${posts.key} desc nulls last` }
      : {
          where: sql`${posts.boardId} = ${s.boardId} and ${posts.category} between ${s.category} and ${s.category}`,
          order: sql`${posts.category}, ${posts.key} desc nulls last`,
        };
  const below = s.before === undefined ? sql`` : sql` and ${posts.key} < ${s.before}`;
  return { where: sql`${inBoard.where} and ${posts.deletedAt} is null${below}`, order: inBoard.order };
}

/**
 * Statement 1 of searchSlice: the key just below the slice, if the board goes further back. Read
 * from the board's page chunks (page-chunks.ts), not by walking slicePosts entries of its index: the
 * slice ends at the upper key of the first chunk (newest first, below `before`) under at least
 * slicePosts posts of newer whole chunks. So a slice holds slicePosts posts or up to two chunks more
 * (with the part of the chunk that `before` cuts), and a few hundred chunk rows are read at most.
 */
export function boundStatement(s: SliceInput): SQL {
  const below = s.before === undefined ? sql`` : sql` and ${chunks.maxKey} < ${s.before}`;
  return sql`select c.max_key as key from (
      select ${chunks.maxKey} as max_key,
        sum(${chunks.liveCount}) over (order by ${chunks.maxKey} desc rows unbounded preceding) - ${chunks.liveCount} as newer
      from ${chunks}
      where ${chunks.boardId} = ${s.boardId} and ${chunks.scope} = ${s.category} and ${chunks.liveCount} > 0${below}
      order by ${chunks.maxKey} desc
      limit ${s.slicePosts + 1}::int
    ) c
    where c.newer >= ${s.slicePosts}::int
    order by c.max_key desc
    limit 1`;
}

/** Statement 2 of searchSlice (null when the query has nothing to look for); tests EXPLAIN it. */
export function sliceStatement(s: SliceInput, bound: number | null): SQL | null {
  const cond = searchCondition(s.field, s.query);
  if (!cond) return null;
  const { where, order } = scope(s);
  const above = bound === null ? sql`` : sql` and ${posts.key} > ${bound}`;
  const offset = (s.page - 1) * s.pageSize;
  return sql`with m as (
      select ${posts.key} as key from ${posts} where ${where}${above} and ${cond}
      order by ${order} limit ${s.matchCap}
    )
    select (select count(*)::int from m) as n, (select min(key) from m)::bigint as last,
      array(select key from m order by key desc offset ${offset} limit ${s.pageSize})::bigint[] as page`;
}

/** A bigint[] as node-postgres or PGlite return it (an array, or the text form '{1,2}'). */
function parseKeys(v: Array<string | number> | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const inner = v.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}
