// Who is who: the predicates every area's policy decides with (posts, galleries, the market,
// comments). A caller is a member or a visitor (member null).
interface Caller {
  member: { no: number; admin: boolean } | null;
}

export const isAdmin = (caller: Caller) => caller.member?.admin === true;

/**
 * The caller is the member numbered userNo: a post's author, a gallery item's owner, an item's
 * seller. Never a visitor, and never for a row whose member is gone (userNo null).
 */
export const isOwner = (caller: Caller, userNo: number | null) => caller.member !== null && userNo !== null && caller.member.no === userNo;

/**
 * The caller manages the board: the administrator named them its manager (board_managers, read
 * with the board rules). Managers hide and restore the board's content, pin its notices, move
 * posts between boards they manage and handle its reports; nothing else of the admin area.
 */
export const isManager = (caller: Caller, board: { managers?: readonly number[] | undefined }) =>
  caller.member !== null && board.managers !== undefined && board.managers.includes(caller.member.no);

/** An administrator, or a manager of the board: who looks after a board's content. */
export const isBoardStaff = (caller: Caller, board: { managers?: readonly number[] | undefined }) => isAdmin(caller) || isManager(caller, board);
