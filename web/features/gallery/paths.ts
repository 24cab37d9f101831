// Addresses of the gallery screens (galleryView, myGalleryList) and of the pages they lead to.
const seg = (v: string | number) => encodeURIComponent(String(v));

export const galleryViewPath = (galleryKey: number) => `/gallery/view/${seg(galleryKey)}`;
export const myGalleryPath = '/gallery/my/list';
/** The owner's manager with the edit form of one item open. */
export const galleryEditPath = (galleryKey: number) => `${myGalleryPath}?edit=${seg(galleryKey)}`;
export const galleryNewPath = `${myGalleryPath}?edit=new`;
export const spaceGalleryPath = (userId: string) => `/space/${seg(userId)}/gallery`;

/** A gallery key from the address, or null when it is not a positive whole number. */
export function keyParam(raw: string | null | undefined): number | null {
  const n = Number(raw ?? '');
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
