// Query key roots of the home page; a pick of today's photo refreshes it.
export const homeKey = ['home'] as const;
