import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../../api/call';
import { exifUnmatchedRoot } from './exif-unmatched';

/** /api/admin/product/exif-ignore: out of the waiting list (ignored) or back in it. */
export const exifIgnore = (input: { id: number; ignored: boolean }) => callAwait<unknown>('/api/admin/product/exif-ignore', { data: input });

export function useExifIgnore() {
  const client = useQueryClient();
  return useMutation({ mutationFn: exifIgnore, onSuccess: () => client.invalidateQueries({ queryKey: exifUnmatchedRoot }) });
}
