// What a new password closes, whichever way it was set (my-info, the security question, a mailed
// link, the administrator's setup link): the member's other sessions, any reset by question past
// its answer, and every mailed reset link not used yet, so nothing begun before the change can set
// the password after it. Flows still at the question keep their wrong answers and locks: a change
// of password must not lift an attacker's lock (decision 16).
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emailTokens, resetFlows } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import { endAllSessions } from '../../lib/session.js';

/** In the transaction that wrote the new password; `keepSessionHash` is the session that set it. */
export async function closeOldPasswordWays(tx: Tx, userNo: number, keepSessionHash?: string): Promise<void> {
  await endAllSessions(tx, userNo, keepSessionHash);
  await tx.delete(resetFlows).where(and(eq(resetFlows.userNo, userNo), eq(resetFlows.stage, 'verified')));
  await tx
    .update(emailTokens)
    .set({ usedAt: clockNow() })
    .where(and(eq(emailTokens.userNo, userNo), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
}
