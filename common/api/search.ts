// One search for the whole site (docs/product/search.md): posts of every board the reader may
// read, market items, gallery items, members by nickname and products, grouped by kind.
import { z } from 'zod';
import { Author } from './boards.js';
import { STATUSES } from './market-labels.js';

export const SEARCH_KINDS = ['post', 'market', 'gallery', 'member', 'product'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Hits of each kind on the overview (without `kind`); one kind's pages hold SEARCH_PAGE_SIZE. */
export const SEARCH_PREVIEW = 5;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_QUERY_MAX = 50;

export const SiteSearchQuery = z.object({
  q: z
    .string({ error: '검색어를 입력해 주세요.' })
    .trim()
    .min(1, '검색어를 입력해 주세요.')
    .max(SEARCH_QUERY_MAX, `검색어는 ${SEARCH_QUERY_MAX}자까지 입력할 수 있습니다.`),
  /** One kind, paginated; absent: every kind the reader may read, a few hits each. */
  kind: z.enum(SEARCH_KINDS, { message: '검색할 종류를 확인해 주세요.' }).optional(),
  page: z
    .number({ message: '페이지 번호를 확인해 주세요.' })
    .int('페이지 번호를 확인해 주세요.')
    .min(1, '페이지 번호를 확인해 주세요.')
    .max(100000, '페이지 번호를 확인해 주세요.')
    .default(1),
});
export type SiteSearchQuery = z.input<typeof SiteSearchQuery>;

/** One hit, whatever its kind: what the result row shows and where it leads. */
export const SearchHit = z.object({
  /** A post's or item's number, a member's userId, a product's key. */
  key: z.string(),
  title: z.string(),
  /** The hit's page in the web app. */
  href: z.string(),
  /** Where it is: the board and category, the market's category, the product's specs line, the member's level. */
  place: z.string(),
  author: Author.nullable(),
  createdAt: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  commentCount: z.number().int().nullable(),
  /** Market items: the price (an auction's standing price) and the status; null for other kinds. */
  price: z.number().int().nullable(),
  status: z.enum(STATUSES).nullable(),
  /** Posts: their board, so the row can offer that board's own search. */
  boardId: z.string().nullable(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchGroup = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** Hits counted, at most the search's cap (`capped`: "1,000건 이상"). */
  total: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(SearchHit),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

export const SiteSearchResult = z.object({
  /** The query as searched (trimmed). */
  q: z.string(),
  groups: z.array(SearchGroup),
});
export type SiteSearchResult = z.infer<typeof SiteSearchResult>;
