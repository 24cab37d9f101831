import { useMutation } from '@tanstack/react-query';
import type { Profile } from '../../../../common/api/account';
import { callAwait } from '../../../api/call';

/** /api/user/myInfo: the login password again; answers the profile (and opens the update window). */
export const postMyInfo = (form: { password: string }) => callAwait<Profile>('/api/user/myInfo', { data: form });

export const useMyInfo = () => useMutation({ mutationFn: postMyInfo });
