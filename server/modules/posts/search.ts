// Korean search without pg_bigm (docs/decisions/0020-search-slices.md), the same on PGlite and PostgreSQL.
//
// Each post keeps two columns the app computes on every save:
//   search_text     "<subject>\n<body text>\n<nickname>", each part NFC, lower-cased, whitespace
//                   collapsed to single spaces (so the parts never contain the newline).
//   search_bigrams  tokens "<slice>:<field>:<gram>" for field s (subject), c (content), n
//                   (nickname): every two-character window inside each word, and every single
//                   character. The slice is "<board>@<lo>" (search-slices.ts): a one-character
//                   query such as '색' on the newest slice of the free board looks for
//                   "free@95000:s:색", so a search reads its own slices' postings of a word only.
// A query is cut into words the same way; all its tokens must be in the array (`@>`, which the
// GIN index answers), then the phrase itself is confirmed with strpos on the field's text.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { posts } from '../../db/schema/index.js';
import { coverage, coveredSlices } from './search-slices.js';

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

/** A secret post's search columns (decision 39): no search finds it, in any field. */
export const NOT_SEARCHED: SearchColumns = { searchText: '', searchBigrams: [] };

/** The two search columns of a post from its slice's prefix (postSlice), subject, plain body text and nickname. */
export function searchColumns(slice: string, subject: string, bodyText: string, nickName: string): SearchColumns {
  const parts = {
    subject: normaliseText(subject),
    content: Array.from(normaliseText(bodyText)).slice(0, MAX_INDEXED_CHARS).join(''),
    nickName: normaliseText(nickName),
  };
  const tokens = new Set<string>();
  for (const field of ['subject', 'content', 'nickName'] as const) tokensOf(`${slice}:${PREFIX[field]}`, parts[field], tokens);
  return {
    searchText: `${parts.subject}\n${parts.content}\n${parts.nickName}`,
    searchBigrams: [...tokens],
  };
}

/** The query tokens for one field in one slice: the bigrams of every word, or the character of a one-letter word. */
export function queryTokens(slice: string, field: Exclude<SearchField, 'all'>, query: string): string[] {
  const tokens = new Set<string>();
  const prefix = `${slice}:${PREFIX[field]}`;
  for (const word of normaliseText(query).split(' ')) {
    const chars = Array.from(word);
    if (chars.length === 1) tokens.add(`${prefix}:${chars[0]}`);
    for (let i = 0; i + 1 < chars.length; i++) tokens.add(`${prefix}:${chars[i]}${chars[i + 1]}`);
  }
  return [...tokens];
}

const textArray = (values: string[]) => sql`array[${sql.join(
  values.map((v) => sql`${v}`),
  sql`, `,
)}]::text[]`;

/** The field holds every token of the query, in one of the slices. */
const tokensIn = (slices: string[], field: Exclude<SearchField, 'all'>, q: string) =>
  sql.join(
    slices.map((slice) => sql`${posts.searchBigrams} @> ${textArray(queryTokens(slice, field, q))}`),
    sql` or `,
  );
const phraseIn = (field: Exclude<SearchField, 'all'>, q: string) =>
  sql`strpos(split_part(${posts.searchText}, E'\n', ${sql.raw(String(PART[field]))}), ${q}) > 0`;

/** A single word of one or two characters (normalised): its one token per field is the word itself. */
const isExact = (q: string) => !q.includes(' ') && Array.from(q).length <= 2;

/**
 * The WHERE condition for a search in some slices (at least one), or null when the query has
 * nothing to look for.
 * 'all' matches when the phrase is in the subject, the body or the nickname. It is written as
 * "(tokens of s or c or n) and (phrase in s or c or n)", which is the same set: a field that holds
 * the phrase always holds its tokens. The GIN index answers the first half as one BitmapOr, and the
 * rows are then confirmed with strpos alone (re-reading the token array of every row, which a
 * per-field "(tokens and phrase) or …" makes PostgreSQL do, cost 20 times more on common words).
 * A single word of one or two characters needs no confirmation: its one token is the word itself,
 * and a field holds that token exactly when it holds the word. The text is then never read (on a
 * slice of posts not read lately, reading each match's text took two thirds of the search).
 */
export function searchCondition(slices: string[], field: SearchField, query: string): SQL | null {
  const q = normaliseText(query);
  if (!q || slices.length === 0) return null;
  const exact = isExact(q);
  const fields = field === 'all' ? (['subject', 'content', 'nickName'] as const) : [field];
  // One token per field and slice: any of them will do, one scan of the token index for all.
  if (exact) return sql`${posts.searchBigrams} && ${textArray(fields.flatMap((f) => slices.flatMap((slice) => queryTokens(slice, f, q))))}`;
  if (field !== 'all') return sql`((${tokensIn(slices, field, q)}) and ${phraseIn(field, q)})`;
  const tokens = sql`(${sql.join(
    fields.map((f) => tokensIn(slices, f, q)),
    sql` or `,
  )})`;
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
  /** The search covers posts with keys below this one (none: from the newest post). */
  before: number | undefined;
  /** 1-based page of matches inside the slice. */
  page: number;
  pageSize: number;
  /** How many of the board's posts (newest first, below `before`) one search covers at least (coverage). */
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
 * One page of matches in the slices one search covers, in two statements on the same connection:
 *   1. the slices, from the board's slice rows (search-slices.ts coverage): the one holding the
 *      key below `before` and older ones, until they hold at least slicePosts posts;
 *   2. their matches, newest first, at most matchCap of them, with their count, the oldest one
 *      counted and the page's keys.
 * A single word of one or two characters takes one statement for both (exactStatement). A search
 * whose matches reach the cap ends at its last counted match, so every match is on some page of
 * some search. The slices are values in the second statement: the token index then finds exactly
 * their matches, and no index range of the board is read and intersected with them.
 */
export async function searchSlice(db: Tx, s: SliceInput): Promise<SliceResult> {
  const none = { keys: [], total: 0, capped: false, next: null };
  if (!normaliseText(s.query)) return none;
  type Row = { n: number; last: string | number | null; page: Array<string | number> | string; lowest?: string | number | null };
  const exact = exactStatement(s);
  let row: Row;
  let lowest: number | null;
  if (exact) {
    row = (await executePrepared<Row>(db, exact))[0]!;
    lowest = row.lowest === null || row.lowest === undefined ? null : Number(row.lowest);
  } else {
    const covered = await coverage(db, s.boardId, s.before, s.slicePosts);
    const statement = sliceStatement(s, covered.prefixes);
    if (!statement) return none;
    // Its text holds as many token arrays as the query has words and the search slices: not prepared.
    row = rowsOf<Row>(await db.execute(statement))[0]!;
    lowest = covered.next;
  }
  const total = Number(row.n);
  const capped = total >= s.matchCap;
  return { keys: parseKeys(row.page), total, capped, next: capped ? Number(row.last) : lowest === 0 ? null : lowest };
}

/**
 * The search of a single word of one or two characters in one statement (null for other
 * queries): the slices covered and the word's one token in each field of each are put together
 * in the statement, so a search is one round trip. Under load each statement's round trip cost
 * more of the server's time than the database's work (writing to the socket a third of it). Its
 * text is the same for every word, slice and page (all of them values), so it runs prepared.
 */
export function exactStatement(s: SliceInput): SQL | null {
  const q = normaliseText(s.query);
  if (!q || !isExact(q)) return null;
  const fields = s.field === 'all' ? (['subject', 'content', 'nickName'] as const) : [s.field];
  // ":s:수국", ":c:수국", … : a slice's token without its prefix.
  const suffixes = fields.flatMap((f) => queryTokens('', f, q));
  const tokens = sql`(select array_agg(${s.boardId} || '@' || c.lo || t) from c cross join unnest(${textArray(suffixes)}) as t)`;
  return sql`with c as (${coveredSlices(s.boardId, s.before, s.slicePosts)}),
    ${matches(s, sql`${posts.searchBigrams} && ${tokens}`)}
    select (select count(*)::int from m) as n, (select min(key) from m)::bigint as last,
      array(select key from m order by key desc offset ${(s.page - 1) * s.pageSize} limit ${s.pageSize})::bigint[] as page,
      (select min(lo) from c)::bigint as lowest`;
}

/** Statement 2 of searchSlice for any other query (null when it has nothing to look for); tests EXPLAIN it. */
export function sliceStatement(s: SliceInput, slices: string[]): SQL | null {
  const cond = searchCondition(slices, s.field, s.query);
  if (!cond) return null;
  return sql`with ${matches(s, cond)}
    select (select count(*)::int from m) as n, (select min(key) from m)::bigint as last,
      array(select key from m order by key desc offset ${(s.page - 1) * s.pageSize} limit ${s.pageSize})::bigint[] as page`;
}

/**
 * The CTE m of the search statements: the keys of at most matchCap matches, newest first. The
 * tokens name the board, so no board condition is needed. The key and the category are compared
 * as "key + 0" and "category || ''", which no index answers: the planner otherwise walked the key
 * index of every board's posts from `before` down (on a small table), or intersected the slices'
 * few hundred matches with the category index of every board (268,000 entries for a category
 * search on the 1,000,000-post bench, 55 ms instead of 1).
 */
function matches(s: SliceInput, cond: SQL): SQL {
  const category = s.category === 'c0' ? sql`` : sql` and ${posts.category} || '' = ${s.category}`;
  const below = s.before === undefined ? sql`` : sql` and ${posts.key} + 0 < ${s.before}`;
  return sql`m as (
      select ${posts.key} as key from ${posts}
      where ${cond} and ${posts.deletedAt} is null${category}${below}
      order by ${posts.key} + 0 desc limit ${s.matchCap}
    )`;
}

/** A bigint[] as node-postgres or PGlite return it (an array, or the text form '{1,2}'). */
function parseKeys(v: Array<string | number> | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const inner = v.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}
