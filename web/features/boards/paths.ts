// Addresses of the board screens (SPEC §2 route table).
import type { SearchField } from './api/board-list';

// The contract's SEARCH_FIELDS, repeated as a type-checked list so list pages do not load zod.
export const SEARCH_FIELDS = ['all', 'subject', 'content', 'nickName'] as const satisfies readonly SearchField[];

const seg = (v: string | number) => encodeURIComponent(String(v));

export interface ListSearch {
  q: string;
  field: SearchField;
  /** The search's slice: posts with keys below this one (absent: from the newest post). */
  before?: number | undefined;
}

/** /board/{id}/{category}/list/{page?}?q=…&field=… (page 1 has no page segment). */
export function boardListPath(boardId: string, category = 'c0', page = 1, search?: ListSearch | null): string {
  const base = `/board/${seg(boardId)}/${seg(category)}/list${page > 1 ? `/${page}` : ''}`;
  return base + searchQuery(search);
}

export function searchQuery(search?: ListSearch | null): string {
  if (!search || search.q === '') return '';
  const params = new URLSearchParams({ q: search.q });
  if (search.field !== 'all') params.set('field', search.field);
  if (search.before) params.set('before', String(search.before));
  return `?${params.toString()}`;
}

/** The search in a list's address, or null. */
export function readSearch(params: URLSearchParams): ListSearch | null {
  const q = (params.get('q') ?? '').trim();
  if (q === '') return null;
  const raw = params.get('field') ?? 'all';
  const field = (SEARCH_FIELDS as readonly string[]).includes(raw) ? (raw as SearchField) : 'all';
  const before = Number(params.get('before') ?? '');
  return Number.isSafeInteger(before) && before > 0 ? { q, field, before } : { q, field };
}

// A post's page (the marketplace's and the gallery's open on their own pages), shared with web/ui.
export { postPath } from '../../ui/post-path';

export const writePath = (boardId: string) => `/board/${seg(boardId)}/write`;
export const editPath = (boardId: string, key: number) => `/board/${seg(boardId)}/edit/${seg(key)}`;
export const summaryPath = (boardId: string) => `/board/${seg(boardId)}/summary`;

/** A page number from the address: 1 when missing or not a positive whole number. */
export function pageParam(raw: string | undefined): number {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

export type { FromList } from '../../ui/post-path';
