// Who reacted to a target: with one reaction or any, newest first, a page at a time. Readers of
// the target see it (visitors too, where the board lets them read).
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { REACTION_PAGE_SIZE, type Reaction, type ReactionList, type ReactionListQuery } from '../../../common/api/reactions.js';
import type { Db } from '../../db/client.js';
import { reactionCounts, reactions, users } from '../../db/schema/index.js';
import type { Actor } from '../posts/policy.js';
import { reachableTarget } from './target.js';
import { cleanCounts } from './columns.js';

export async function listReactions(db: Db, actor: Actor, query: ReactionListQuery): Promise<ReactionList> {
  const target = await reachableTarget(db, actor, query.target);
  const page = query.page ?? 1;
  const conditions: SQL[] = [eq(reactions.targetKind, target.kind), eq(reactions.targetKey, target.key)];
  if (query.reaction) conditions.push(eq(reactions.reaction, query.reaction));
  const [rows, [total], [counted]] = await Promise.all([
    db
      .select({ reaction: reactions.reaction, createdAt: reactions.createdAt, userId: users.userId, nickName: users.nickName, status: users.status })
      .from(reactions)
      .innerJoin(users, eq(users.no, reactions.userNo))
      .where(and(...conditions))
      .orderBy(desc(reactions.createdAt), desc(reactions.userNo))
      .limit(REACTION_PAGE_SIZE)
      .offset((page - 1) * REACTION_PAGE_SIZE),
    db.select({ n: count() }).from(reactions).where(and(...conditions)),
    db
      .select({ counts: reactionCounts.counts })
      .from(reactionCounts)
      .where(and(eq(reactionCounts.targetKind, target.kind), eq(reactionCounts.targetKey, target.key))),
  ]);
  return {
    items: rows.map((r) => {
      // A member who left keeps their reaction in the counts, but no name or link.
      const gone = r.status === 'withdrawn';
      return {
        userId: gone ? '' : r.userId,
        nickName: gone ? '탈퇴한 회원' : (r.nickName ?? r.userId),
        reaction: r.reaction as Reaction,
        reactedAt: r.createdAt.toISOString(),
      };
    }),
    page,
    pageSize: REACTION_PAGE_SIZE,
    total: Number(total?.n ?? 0),
    counts: cleanCounts(counted?.counts),
  };
}
