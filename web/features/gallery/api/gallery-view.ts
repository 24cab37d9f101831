import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryView } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import { galleryViewRoot } from './keys';

/** /api/gallery/view: the item with its photos (sizes, captions, EXIF), abilities and counts. */
export const fetchGalleryView = (galleryKey: number) => callAwait<GalleryView>('/api/gallery/view', { data: { galleryKey } });

export const galleryViewKey = (galleryKey: number) => [...galleryViewRoot, galleryKey] as const;

// Counted as a view each time it opens, like a post: nothing stale is kept.
export const galleryViewQuery = (galleryKey: number) => queryOptions({ queryKey: galleryViewKey(galleryKey), queryFn: () => fetchGalleryView(galleryKey), staleTime: 0 });

export const useGalleryView = (galleryKey: number, enabled = true) => useQuery({ ...galleryViewQuery(galleryKey), enabled });
