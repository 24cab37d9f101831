// Addresses of the museum screens (SPEC §2 userSpaceMuseum, userSpaceMuseumShow) and of what an
// exhibit links to.
const seg = (v: string | number) => encodeURIComponent(String(v));

/** /space/{userId}/museum/{page?} (page 1 has no page segment). */
export const museumPath = (userId: string, page = 1) => `/space/${seg(userId)}/museum${page > 1 ? `/${page}` : ''}`;

/** /space/{userId}/museum/show/{galleryKey?}: the slideshow, from an exhibit when given. */
export const museumShowPath = (userId: string, galleryKey?: number) => `/space/${seg(userId)}/museum/show${galleryKey ? `/${seg(galleryKey)}` : ''}`;

export const galleryViewPath = (galleryKey: number) => `/gallery/view/${seg(galleryKey)}`;

/** A page number from the address; anything else is page 1. */
export function pageParam(raw: string | undefined): number {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
