// Query key root of the comments under a post or a market item (any board).
export const commentListRoot = ['comments'] as const;
