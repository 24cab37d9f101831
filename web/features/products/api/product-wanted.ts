import { useQuery } from '@tanstack/react-query';
import type { MarketPage } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { productsKey } from './keys';

/** /api/market/list of the product's wanted ads (삽니다): the newest first page. */
export const fetchProductWanted = (productKey: string) => callAwait<MarketPage>('/api/market/list', { data: { category: 'all', page: 1, kind: 'wanted', productKey } });

export const useProductWanted = (productKey: string) => useQuery({ queryKey: [...productsKey, 'wanted', productKey] as const, queryFn: () => fetchProductWanted(productKey) });
