import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PollAnswer, PollVoters } from '../../../../common/api/polls';
import { callAwait } from '../../../api/call';

type Answer = z.infer<typeof PollAnswer>;

/** /api/poll/vote: the member's choices (indexes); answers the poll as they now see it. */
export const votePoll = (input: { postKey: number; options: number[] }) => callAwait<Answer>('/api/poll/vote', { data: input });
export const useVotePoll = () => useMutation({ mutationFn: votePoll });

/** /api/poll/end: the author ends the poll now. */
export const endPoll = (postKey: number) => callAwait<Answer>('/api/poll/end', { data: { postKey } });
export const useEndPoll = () => useMutation({ mutationFn: endPoll });

export const pollVotersKey = (postKey: number, option: number) => ['poll-voters', postKey, option] as const;

/** /api/poll/voters: who chose an option of a named poll (asked for when the list is opened). */
export const usePollVoters = (postKey: number, option: number, enabled: boolean) =>
  useQuery({
    queryKey: pollVotersKey(postKey, option),
    queryFn: () => callAwait<PollVoters>('/api/poll/voters', { data: { postKey, option } }),
    enabled,
    staleTime: 0,
  });
