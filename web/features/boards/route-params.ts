// What the board pages read back from their address: the page number and the search.
import { pageParam as listPageParam, type ListSearch, type SearchField } from '../../shared/paths';

// The contract's SEARCH_FIELDS, repeated as a type-checked list so list pages do not load zod.
export const SEARCH_FIELDS = ['all', 'subject', 'content', 'nickName'] as const satisfies readonly SearchField[];

/** The search in a list's address, or null. */
export function readSearch(params: URLSearchParams): ListSearch | null {
  const q = (params.get('q') ?? '').trim();
  if (q === '') return null;
  const raw = params.get('field') ?? 'all';
  const field = (SEARCH_FIELDS as readonly string[]).includes(raw) ? (raw as SearchField) : 'all';
  const before = Number(params.get('before') ?? '');
  return Number.isSafeInteger(before) && before > 0 ? { q, field, before } : { q, field };
}

/** A board list's page number: boards page deeper than the other lists (up to a million pages). */
export const pageParam = (raw: string | undefined) => listPageParam(raw, 1_000_000);
