import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomePage } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import { homeKey } from '../../../shared/query-keys';

/** /api/home: today's photo, the newest gallery items, posts and market items in one answer. */
// Silent: the boxes show their own retry; the rest of the home page works without them.
export const fetchHome = () => callAwait<HomePage>('/api/home', { silent: true });

export const homeQuery = () => queryOptions({ queryKey: homeKey, queryFn: fetchHome, staleTime: 30_000 });

export const useHome = () => useQuery(homeQuery());
