import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ExifUnmatchedPage } from '../../../../../common/api/product-exif';
import { callAwait } from '../../../../api/call';
import { adminKey } from '../../shared/api/keys';

/** The unmatched EXIF names' list (an assign also changes the product pages' roots). */
export const exifUnmatchedRoot = [...adminKey, 'productExif', 'list'] as const;

export type ExifUnmatchedData = z.infer<typeof ExifUnmatchedPage>;
export interface ExifUnmatchedParams {
  page: number;
  search?: string;
  kind?: 'body' | 'lens';
  ignored: boolean;
}

/** /api/admin/product/exif-unmatched: names no product matched, newest first, 50 a page. */
export const fetchExifUnmatched = (params: ExifUnmatchedParams) => callAwait<ExifUnmatchedData>('/api/admin/product/exif-unmatched', { data: params });

export const exifUnmatchedQuery = (params: ExifUnmatchedParams) =>
  queryOptions({ queryKey: [...exifUnmatchedRoot, params] as const, queryFn: () => fetchExifUnmatched(params), placeholderData: keepPreviousData });

export const useExifUnmatched = (params: ExifUnmatchedParams) => useQuery(exifUnmatchedQuery(params));
