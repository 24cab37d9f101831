// Query key roots of the personal space. The gallery feature's writes refresh every list under
// ['space'] (its keys.ts names the same root), so a new or deleted item shows here at once.
export const spaceKey = ['space'] as const;
export const spaceInfoRoot = [...spaceKey, 'info'] as const;
export const spaceListRoot = [...spaceKey, 'list'] as const;
