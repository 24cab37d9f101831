import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MakerList } from '../../../../common/api/products';
import { callAwait } from '../../../api/call';
import { makersRoot } from './keys';

export type Makers = z.infer<typeof MakerList>;
export type Maker = Makers['items'][number];

/** /api/product/makers: the maker list with how many visible products each has per type. */
export const fetchMakers = () => callAwait<Makers>('/api/product/makers');

// The counts change only when an admin edits the catalogue: one answer serves a whole visit.
export const makersQuery = () => queryOptions({ queryKey: makersRoot, queryFn: fetchMakers, staleTime: 5 * 60_000 });

export const useMakers = () => useQuery(makersQuery());
