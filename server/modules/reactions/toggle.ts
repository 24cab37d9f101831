// Toggling a reaction: the same one again takes it back, another replaces it. The target's counts
// row is locked first, so the counts stay exact however many react at once, and the reactions
// earn no points (nothing to farm).
import { and, eq, sql } from 'drizzle-orm';
import type { Reaction, ReactionState, ReactionToggle } from '../../../common/api/reactions.js';
import type { Db } from '../../db/client.js';
import { reactionCounts, reactions } from '../../db/schema/index.js';
import { answersChanged } from '../../lib/answer-cache.js';
import type { Actor } from '../posts/policy.js';
import { tellAuthor } from './alarm.js';
import { cleanCounts } from './columns.js';
import { reachableTarget } from './target.js';

export async function toggleReaction(db: Db, actor: Actor, input: ReactionToggle): Promise<ReactionState> {
  const member = actor.member!;
  const target = await reachableTarget(db, actor, input.target);
  const where = and(eq(reactionCounts.targetKind, target.kind), eq(reactionCounts.targetKey, target.key));
  const mineWhere = and(eq(reactions.targetKind, target.kind), eq(reactions.targetKey, target.key), eq(reactions.userNo, member.no));
  const state = await db.transaction(async (tx) => {
    await tx.insert(reactionCounts).values({ targetKind: target.kind, targetKey: target.key }).onConflictDoNothing();
    const [row] = await tx.select().from(reactionCounts).where(where).for('update');
    const [had] = await tx.select({ reaction: reactions.reaction }).from(reactions).where(mineWhere).limit(1);
    const counts: Record<string, number> = { ...row!.counts };
    const add = (r: string, d: number) => (counts[r] = Math.max(0, (counts[r] ?? 0) + d));
    let mine: Reaction | null = input.reaction;
    if (had?.reaction === input.reaction) {
      await tx.delete(reactions).where(mineWhere);
      add(had.reaction, -1);
      mine = null;
    } else if (had) {
      // A change is the member's latest reaction: it moves to the top of who reacted.
      await tx.update(reactions).set({ reaction: input.reaction, createdAt: sql`now()` }).where(mineWhere);
      add(had.reaction, -1);
      add(input.reaction, 1);
    } else {
      await tx.insert(reactions).values({ targetKind: target.kind, targetKey: target.key, userNo: member.no, reaction: input.reaction });
      add(input.reaction, 1);
    }
    const clean = cleanCounts(counts);
    await tx.update(reactionCounts).set({ counts: clean }).where(where);
    // Only a new reactor changes the alarm: a change of mind or a take-back tells nobody.
    if (!had) await tellAuthor(tx, target, member, row!);
    return { counts: clean, mine };
  });
  // The post view's shared part carries the post's counts; the comment list is read per reader.
  if (target.kind === 'post') answersChanged(db, [`post:${target.key}`]);
  return state;
}
