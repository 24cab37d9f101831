import type { QueryClient } from '@tanstack/react-query';
import { letterKeys } from './keys';

/**
 * After a letter changes: the counts, the drawer and both boxes ask again. Open letters are left
 * alone (a deleted one would answer 404); they are asked again when next opened.
 */
export function invalidateLetters(client: QueryClient) {
  return client.invalidateQueries({ queryKey: letterKeys.root, predicate: (q) => q.queryKey[2] !== 'view' && q.queryKey[1] !== 'suggest' });
}
