import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MuseumShow } from '../../../../../common/api/gallery';
import { callAwait } from '../../../../api/call';
import { museumShowRoot } from './keys';

export type MuseumShowData = z.infer<typeof MuseumShow>;

/**
 * /api/museum/show: every exhibit of a member (the slideshow, and the editor's starting point)
 * and where to start. The start is worked out here from the whole list, so one answer serves
 * every galleryKey.
 */
export const fetchMuseumShow = (userId: string) => callAwait<MuseumShowData>('/api/museum/show', { data: { userId }, silent: true });

export const museumShowQuery = (userId: string) => queryOptions({ queryKey: [...museumShowRoot, userId] as const, queryFn: () => fetchMuseumShow(userId) });

export const useMuseumShow = (userId: string, enabled = true) => useQuery({ ...museumShowQuery(userId), enabled });
