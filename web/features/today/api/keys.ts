// Query key roots of today's photo; the admin page's writes refresh every list under it.
export const todayKey = ['today'] as const;
export const todayListRoot = [...todayKey, 'list'] as const;
