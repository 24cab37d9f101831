// GET /api/live: Server-Sent Events (docs/api.md#live-updates, decision 35).
import { z } from 'zod';
import { pathNumber } from './common.js';
import { AuctionState } from './market.js';

/** ?auction=KEY: also the item's auction events (anyone who may read the market). */
export const LiveQuery = z
  .object({ auction: pathNumber(z.number().int().positive().max(2147483647), '매물을 찾을 수 없습니다.').optional() })
  .strict();

/** `unread`: the member's header counts, and which drawers changed (empty: the first event). */
export const LiveUnread = z.object({
  letters: z.number().int(),
  alarms: z.number().int(),
  changed: z.array(z.enum(['letters', 'alarms'])),
});
export type LiveUnread = z.infer<typeof LiveUnread>;

/** `auction`: the watched item's auction as this viewer sees it. */
export const LiveAuction = z.object({ key: z.number().int(), auction: AuctionState });
export type LiveAuction = z.infer<typeof LiveAuction>;

/** The stream's events by name. Comment lines (`: ping`) keep it open; `hello` comes first. */
export const LIVE_EVENTS = { hello: 'hello', unread: 'unread', auction: 'auction' } as const;
