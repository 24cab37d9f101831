import { useMutation } from '@tanstack/react-query';
import type { IdentityStartResult } from '../../../../common/api/identity';
import { callAwait } from '../../../api/call';

/** /api/identity/start: a new verification request. Failures are shown by the page itself. */
export const postIdentityStart = () => callAwait<IdentityStartResult>('/api/identity/start', { silent: true });

export const useIdentityStart = () => useMutation({ mutationFn: postIdentityStart });
