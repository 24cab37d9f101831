// Query key roots of the boards feature. Each call file builds its keys from these, and
// mutations invalidate through them, so no key is typed by hand twice.
export const boardsKey = ['boards'] as const;
export const boardInfoRoot = [...boardsKey, 'info'] as const;
export const boardListRoot = [...boardsKey, 'list'] as const;
export const postViewRoot = [...boardsKey, 'view'] as const;
export const boardSummaryRoot = [...boardsKey, 'summary'] as const;
export const allListRoot = [...boardsKey, 'all'] as const;
export const topicListRoot = [...boardsKey, 'topic'] as const;

/** Every list a new, edited or deleted post shows up in. */
export const postListRoots = [boardListRoot, boardSummaryRoot, allListRoot, topicListRoot] as const;
