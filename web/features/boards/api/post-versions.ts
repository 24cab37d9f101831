import { useQuery } from '@tanstack/react-query';
import type { PostVersions } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { postViewRoot } from './keys';

/** /api/board/versions: the earlier versions of an edited post (its author and admins only). */
export const usePostVersions = (key: number, enabled: boolean) =>
  useQuery({
    queryKey: [...postViewRoot, key, 'versions'] as const,
    queryFn: () => callAwait<PostVersions>('/api/board/versions', { data: { key } }),
    enabled,
    staleTime: 0,
  });
