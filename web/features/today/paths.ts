// Addresses of today's photo list (SPEC §2 todayPhotoList) and what a pick links to.
const seg = (v: string | number) => encodeURIComponent(String(v));

/** /today/photo/list/{page?} (page 1 has no page segment). */
export const todayListPath = (page = 1) => `/today/photo/list${page > 1 ? `/${page}` : ''}`;
export const galleryViewPath = (galleryKey: number) => `/gallery/view/${seg(galleryKey)}`;

export function pageParam(raw: string | undefined): number {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
