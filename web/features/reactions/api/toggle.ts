import { useMutation } from '@tanstack/react-query';
import type { ReactionState, ReactionToggle } from '../../../../common/api/reactions';
import { callAwait } from '../../../api/call';

/** /api/reaction/toggle: the same reaction again takes it back; answers the counts and the member's own. */
export const toggleReaction = (input: ReactionToggle) => callAwait<ReactionState>('/api/reaction/toggle', { data: input });

export const useToggleReaction = (onDone: (state: ReactionState) => void) => useMutation({ mutationFn: toggleReaction, onSuccess: onDone });
