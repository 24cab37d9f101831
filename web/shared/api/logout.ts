import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/call';

/** The result is not read (docs/product/members.md#logging-in-and-out); failures are only logged, the session is cleared anyway. */
export const postLogout = () => call<{ ok: true }>('/api/logout', { silent: true });

export const useLogout = () => useMutation({ mutationFn: postLogout });
