import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ExifAssign, ExifAssigned } from '../../../../../common/api/product-exif';
import { callAwait } from '../../../../api/call';
import { productRoots } from '../../shared/api/keys';
import { exifUnmatchedRoot } from './exif-unmatched';

export type ExifAssignInput = z.output<typeof ExifAssign>;

/** /api/admin/product/exif-assign: the name joins the product's EXIF names and earlier photos match it. Messages go to the form. */
export const exifAssign = (input: ExifAssignInput) => callAwait<z.infer<typeof ExifAssigned>>('/api/admin/product/exif-assign', { data: input, silent: true });

export function useExifAssign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: exifAssign,
    onSuccess: () => Promise.all([exifUnmatchedRoot, ...productRoots].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
