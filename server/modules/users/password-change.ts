// What a new password closes, whichever way it was set (my-info, the security question, a mailed
// link, the administrator's setup link): the member's other sessions, a reset by question still
// on its way, and every mailed reset link not used yet, so a link sent before the change cannot
// set the password again after it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emailTokens, resetFlows } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import { endAllSessions } from '../../lib/session.js';

/** In the transaction that wrote the new password; `keepSessionHash` is the session that set it. */
export async function closeOldPasswordWays(tx: Tx, userNo: number, keepSessionHash?: string): Promise<void> {
  await endAllSessions(tx, userNo, keepSessionHash);
  await tx.delete(resetFlows).where(eq(resetFlows.userNo, userNo));
  await tx
    .update(emailTokens)
    .set({ usedAt: clockNow() })
    .where(and(eq(emailTokens.userNo, userNo), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
}
