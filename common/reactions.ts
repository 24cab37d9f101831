// The reactions (공감) members choose from, their Korean names and faces: without zod, so the post
// view's bundle carries no validation library for them (scripts/build-output.test.ts budgets).

/** The set, in the order the bar and the menu show them. */
export const REACTIONS = ['like', 'wow', 'funny', 'sad', 'helpful'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** Korean names, shared by the bar, the dialog and the server's alarm text. */
export const REACTION_LABEL: Record<Reaction, string> = {
  like: '좋아요',
  wow: '멋져요',
  funny: '웃겨요',
  sad: '슬퍼요',
  helpful: '도움돼요',
};

export const REACTION_EMOJI: Record<Reaction, string> = {
  like: '👍',
  wow: '🤩',
  funny: '😆',
  sad: '😢',
  helpful: '💡',
};
