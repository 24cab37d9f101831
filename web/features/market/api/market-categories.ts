import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MarketCategories } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketCategoriesRoot } from './keys';

/** /api/market/categories: the admin's market categories (c1 …). */
export const fetchMarketCategories = () => callAwait<z.infer<typeof MarketCategories>>('/api/market/categories');

export const marketCategoriesQuery = () => queryOptions({ queryKey: marketCategoriesRoot, queryFn: fetchMarketCategories, staleTime: 5 * 60_000 });

export const useMarketCategories = () => useQuery(marketCategoriesQuery());
