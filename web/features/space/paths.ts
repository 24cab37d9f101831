// Addresses of a member's space (SPEC §2: userSpace and its tabs).
export type SpaceTab = 'home' | 'board' | 'gallery' | 'market' | 'comment' | 'museum';

const seg = (v: string | number) => encodeURIComponent(String(v));

/** /space/{userId}, or /space/{userId}/{tab}/{page?} (page 1 has no page segment). */
export function spacePath(userId: string, tab: SpaceTab = 'home', page = 1): string {
  const base = `/space/${seg(userId)}`;
  if (tab === 'home') return base;
  return `${base}/${tab}${page > 1 ? `/${page}` : ''}`;
}

export const galleryViewPath = (galleryKey: number) => `/gallery/view/${seg(galleryKey)}`;
export const marketViewPath = (key: number) => `/market/view/${seg(key)}`;

/** A page number from the address: 1 when missing or not a positive whole number. */
export function pageParam(raw: string | undefined): number {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
