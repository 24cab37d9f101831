import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProductPhotoPage } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import { productsKey } from './keys';

/** /api/gallery/photos: the gallery's photos taken with the product, newest first, a page at a time. */
export const fetchProductPhotos = (productKey: string, page: number) => callAwait<ProductPhotoPage>('/api/gallery/photos', { data: { productKey, page } });

/** The pages asked for so far ("사진 더 보기"); nothing is fetched until `enabled`. */
export const useProductPhotos = (productKey: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...productsKey, 'photos', productKey] as const,
    queryFn: ({ pageParam }) => fetchProductPhotos(productKey, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
  });
