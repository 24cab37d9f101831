// Reactions (공감, docs/product/reactions.md): a fixed set a member chooses one of per post or
// comment, the counts the post view and the comment list carry, and who reacted.
import { z } from 'zod';

import { REACTIONS } from '../reactions.js';

export { REACTION_EMOJI, REACTION_LABEL, REACTIONS } from '../reactions.js';
export const Reaction = z.enum(REACTIONS, { error: '공감 종류를 골라 주세요.' });
export type Reaction = z.infer<typeof Reaction>;

/** Reaction → how many members chose it; a reaction nobody chose is left out. */
export const ReactionCounts = z.object({
  like: z.number().int().optional(),
  wow: z.number().int().optional(),
  funny: z.number().int().optional(),
  sad: z.number().int().optional(),
  helpful: z.number().int().optional(),
});
export type ReactionCounts = z.infer<typeof ReactionCounts>;

export const ReactionTarget = z.strictObject(
  {
    kind: z.enum(['post', 'comment'], { error: '공감할 대상은 글이나 댓글이어야 합니다.' }),
    key: z.number({ error: '공감할 글이나 댓글을 찾을 수 없습니다.' }).int('공감할 글이나 댓글을 찾을 수 없습니다.').positive('공감할 글이나 댓글을 찾을 수 없습니다.').max(Number.MAX_SAFE_INTEGER, '공감할 글이나 댓글을 찾을 수 없습니다.'),
  },
  { error: '공감할 대상을 보내 주세요.' },
);
export type ReactionTarget = z.infer<typeof ReactionTarget>;

/** /api/reaction/toggle: the same reaction again takes it back, another one replaces it. */
export const ReactionToggle = z.strictObject({ target: ReactionTarget, reaction: Reaction });
export type ReactionToggle = z.infer<typeof ReactionToggle>;

/** The answer of toggle, and what a view or a comment carries. */
export const ReactionState = z.object({ counts: ReactionCounts, mine: Reaction.nullable() });
export type ReactionState = z.infer<typeof ReactionState>;

export const REACTION_PAGE_SIZE = 30;

/** /api/reaction/list: who reacted (with one reaction, or any), newest first. */
export const ReactionListQuery = z.strictObject({
  target: ReactionTarget,
  reaction: Reaction.optional(),
  page: z.number({ error: '쪽 번호를 숫자로 보내 주세요.' }).int('쪽 번호를 숫자로 보내 주세요.').min(1, '쪽 번호는 1 이상이어야 합니다.').max(10_000, '쪽 번호가 너무 큽니다.').default(1),
});
export type ReactionListQuery = z.input<typeof ReactionListQuery>;

export const ReactionMember = z.object({
  /** Empty for a member who has left (no link). */
  userId: z.string(),
  nickName: z.string(),
  reaction: Reaction,
  /** ISO 8601. */
  reactedAt: z.string(),
});
export type ReactionMember = z.infer<typeof ReactionMember>;

export const ReactionList = z.object({
  items: z.array(ReactionMember),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many reacted with the reaction asked for (or with any). */
  total: z.number().int(),
  /** Every reaction's count, for the dialog's filter. */
  counts: ReactionCounts,
});
export type ReactionList = z.infer<typeof ReactionList>;
