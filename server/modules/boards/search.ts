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
import { posts } from '../../db/schema/index.js';

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

function fieldCondition(field: Exclude<SearchField, 'all'>, q: string): SQL {
  return sql`(${posts.searchBigrams} @> ${textArray(queryTokens(field, q))} and strpos(split_part(${posts.searchText}, E'\n', ${sql.raw(String(PART[field]))}), ${q}) > 0)`;
}

/**
 * The WHERE condition for a search, or null when the query has nothing to look for.
 * 'all' matches when the phrase is in the subject, the body or the nickname.
 */
export function searchCondition(field: SearchField, query: string): SQL | null {
  const q = normaliseText(query);
  if (!q) return null;
  if (field !== 'all') return fieldCondition(field, q);
  return sql`(${fieldCondition('subject', q)} or ${fieldCondition('content', q)} or ${fieldCondition('nickName', q)})`;
}
