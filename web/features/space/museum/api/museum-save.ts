import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MuseumSave } from '../../../../../common/api/gallery';
import { callAwait } from '../../../../api/call';
import { spaceKey } from '../../../../shared/query-keys';
import { museumKey } from './keys';

export type MuseumSaveInput = z.output<typeof MuseumSave>;

/** /api/museum/save: the whole exhibit list, in order (it replaces the one before). */
export function useMuseumSave() {
  const client = useQueryClient();
  return useMutation({
    // Silent: a note that is too long is marked at its field.
    mutationFn: (input: MuseumSaveInput) => callAwait<unknown>('/api/museum/save', { data: input, silent: true }),
    // The space's card counts the exhibits.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: museumKey }), client.invalidateQueries({ queryKey: spaceKey })]),
  });
}
