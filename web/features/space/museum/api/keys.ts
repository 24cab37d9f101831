// Query key roots of the museum; every call file builds its keys from these and writes
// invalidate through them.
export const museumKey = ['museum'] as const;
export const museumListRoot = [...museumKey, 'list'] as const;
export const museumShowRoot = [...museumKey, 'show'] as const;
/** The owner's gallery as the exhibit picker pages through it. */
export const museumPickRoot = [...museumKey, 'pick'] as const;
