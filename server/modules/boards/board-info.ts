// A board as the board page shows it to the caller (BoardInfo): its categories, what the caller
// may do there, the emoticons and whether it has a feed.
import type { BoardInfo } from '../../../common/api/boards.js';
import type { Board } from '../posts/board-rules.js';
import { emoticonList } from '../posts/content.js';
import { type Actor, boardAbilities, can, VISITOR } from '../posts/policy.js';

/** The board as the caller sees it; emoticons is the community setting (docs/product/site.md#community-setup). */
export function boardInfo(actor: Actor, board: Board, emoticons: string): BoardInfo {
  return {
    id: board.id,
    name: board.name,
    description: board.description,
    categories: board.categories,
    abilities: boardAbilities(actor, board),
    emoticons: emoticonList(emoticons),
    feed: can(VISITOR, 'read', board),
    ...(board.secretPosts && board.secretPosts !== 'off' && { secretPosts: board.secretPosts }),
    ...(board.answers && { answers: true }),
  };
}
