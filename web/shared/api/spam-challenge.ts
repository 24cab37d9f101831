import { queryOptions } from '@tanstack/react-query';
import type { SpamChallengeAnswer, SpamPurpose } from '../../../common/api/spam';
import { callAwait } from '../../api/call';

/**
 * /api/spam/challenge: a proof-of-work challenge for this write, or null when this member needs
 * none. Each round is its own (a challenge counts once); kept only while its form is open.
 */
export const postSpamChallenge = (purpose: SpamPurpose) => callAwait<SpamChallengeAnswer>('/api/spam/challenge', { data: { purpose }, silent: true });

export const spamChallengeQuery = (purpose: SpamPurpose, round: number) =>
  queryOptions({
    queryKey: ['spam-challenge', purpose, round] as const,
    queryFn: () => postSpamChallenge(purpose),
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
  });
