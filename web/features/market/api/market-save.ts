import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MarketSave, MarketSaveResult } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import type { WithProof } from '../../../ui/spam-proof';
import { marketListRoot } from './keys';
import { marketViewKey } from './market-view';

/** /api/market/save: a new item (no key, with a new member's solved challenge) or an edit; the loading overlay shows while it runs. */
// Silent: the form marks the field the server's message is about.
export const postMarketSave = ({ proof, ...input }: WithProof<MarketSave>) =>
  callAwait<z.infer<typeof MarketSaveResult>>('/api/market/save', { data: input, headers: proof, silent: true });

export function useSaveMarket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postMarketSave,
    onSuccess: ({ key }) =>
      Promise.all([client.invalidateQueries({ queryKey: marketViewKey(key) }), client.invalidateQueries({ queryKey: marketListRoot, refetchType: 'none' })]),
  });
}
