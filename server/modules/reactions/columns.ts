// What the post view and the comment list read of reactions, as columns of their own queries: the
// target's counts (one primary-key lookup in reaction_counts, no group-by over the reactions)
// and the reader's own reaction. No round trip of their own.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { type Reaction, type ReactionCounts, REACTIONS } from '../../../common/api/reactions.js';
import { reactionCounts, reactions } from '../../db/schema/index.js';

type Kind = 'post' | 'comment';

/** The target's counts (null when nobody has reacted yet). */
export const countsColumn = (kind: Kind, key: SQLWrapper) =>
  sql<Record<string, number> | null>`(select rc.counts from ${reactionCounts} rc where rc.target_kind = ${kind} and rc.target_key = ${key})`;

/** The member's reaction to the target (null: none, or a visitor). */
export const mineColumn = (kind: Kind, key: SQLWrapper, member: SQLWrapper | number | null) =>
  member === null
    ? sql<Reaction | null>`null::text`
    : sql<Reaction | null>`(select r.reaction from ${reactions} r where r.target_kind = ${kind} and r.target_key = ${key} and r.user_no = ${member})`;

/** Only the known reactions with a positive count, in the set's order. */
export function cleanCounts(raw: Record<string, number> | null | undefined): ReactionCounts {
  const out: ReactionCounts = {};
  for (const r of REACTIONS) {
    const n = Number(raw?.[r] ?? 0);
    if (n > 0) out[r] = n;
  }
  return out;
}
