// The address of an admin list: its filters and page live in the search params, so back and
// forward and a shared link return to the same view. Each page reads and checks its own filters;
// writing them back is the same everywhere: empty values and defaults stay out of the address.
import { useSearchParams } from 'react-router';
import { pageParam } from '../../../shared/paths';

/** The page of the address: 1 unless it names a whole number from 1. */
export const pageOf = (params: URLSearchParams): number => pageParam(params.get('page') ?? undefined);

/** The search part for these values, in their order: empty ones and defaults left out, the page last and only past 1. */
export function listSearch(values: object, defaults: object = {}): string {
  const p = new URLSearchParams();
  const dflt = defaults as Record<string, unknown>;
  for (const [name, value] of Object.entries(values)) {
    if (name === 'page' || value === null || value === undefined || value === '' || value === dflt[name]) continue;
    p.set(name, String(value));
  }
  const page = (values as { page?: number }).page;
  if (page && page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * A list page's filters from the address. `change` sets some of them and goes back to the first
 * page; `hrefOf` is the pager's link to another page of the same view.
 */
export function useListAddress<F extends { page: number }>(read: (params: URLSearchParams) => F, defaults: Partial<F> = {}) {
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  return {
    filters,
    setParams,
    change: (next: Partial<F>) => setParams(listSearch({ ...filters, ...next, page: 1 }, defaults).slice(1)),
    hrefOf: (page: number) => listSearch({ ...filters, page }, defaults) || '?',
  };
}
