// Query key roots that one feature's writes refresh in another: a gallery or museum save refreshes
// the personal space, a pick of today's photo (admin) refreshes today's list and the home page.
// Each feature builds its own keys under these in its api/keys.ts.
export const spaceKey = ['space'] as const;
export const homeKey = ['home'] as const;
export const todayKey = ['today'] as const;
