// What a write tells the open live streams (GET /api/live, decision 35). The message goes out with
// pg_notify on the cross-node signals' channel through the writer's own handle: inside a
// transaction PostgreSQL (and the embedded database) delivers it at commit and drops it on
// rollback, so a stream never hears of a write that did not happen. Outside a transaction the
// statement commits by itself, after the write before it. A message names only who or what
// changed; each node reads what to send from the database when it hears it.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { SIGNAL_CHANNEL } from '../../lib/signals.js';

/** What of a member's changed: their letters (inbox, unread count) or their alarms. */
export type MemberPart = 'letters' | 'alarms';

/** The messages: `live m <userNo> <part>` and `live a <itemKey>`. */
export type LiveMessage = { kind: 'member'; userNo: number; part: MemberPart } | { kind: 'auction'; key: number };

export function parseLiveMessage(message: string): LiveMessage | null {
  const [head, kind, id, part] = message.split(' ');
  if (head !== 'live') return null;
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return null;
  if (kind === 'm' && (part === 'letters' || part === 'alarms')) return { kind: 'member', userNo: n, part };
  if (kind === 'a') return { kind: 'auction', key: n };
  return null;
}

/**
 * The members' unread letters or alarms changed (one statement for all of them; PostgreSQL sends
 * identical messages of one transaction once).
 */
export async function membersChanged(tx: Tx, userNos: number[], part: MemberPart): Promise<void> {
  const unique = [...new Set(userNos)].filter((n) => Number.isSafeInteger(n) && n > 0);
  if (unique.length === 0) return;
  await tx.execute(
    sql`select pg_notify(${SIGNAL_CHANNEL}, 'live m ' || n || ' ' || ${part}) from unnest(${`{${unique.join(',')}}`}::int[]) as n`,
  );
}

/** The message `membersChanged` sends for one member, for a statement that writes and tells at once. */
export const memberMessage = (userNo: number, part: MemberPart) => `live m ${userNo} ${part}`;

/** An auction's price, bids, leader or end changed (after its transaction committed, or inside it). */
export async function auctionLive(tx: Tx, key: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${SIGNAL_CHANNEL}, ${`live a ${key}`})`);
}
