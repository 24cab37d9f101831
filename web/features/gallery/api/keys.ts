// Query key roots of the gallery feature. A save or delete also refreshes the personal space's
// lists and counts, whose keys start with spaceKey.
import { spaceKey } from '../../../shared/query-keys';

export const galleryKey = ['gallery'] as const;
export const galleryViewRoot = [...galleryKey, 'view'] as const;
export const myGalleryRoot = [...galleryKey, 'my'] as const;

/** Everything a new, edited or deleted gallery item shows up in. */
export const galleryListRoots = [myGalleryRoot, spaceKey] as const;
