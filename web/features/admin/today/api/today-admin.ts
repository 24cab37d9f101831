// Admin calls of today's photo: the list of picks by date (every date, later ones too), save
// (pick or change a date's photo) and delete; the gallery items and photos to pick from. A write
// refreshes the admin list, the public list and the home page.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GalleryPage, GalleryView, TodayPage, TodaySave } from '../../../../../common/api/gallery';
import { callAwait } from '../../../../api/call';
import { homeKey, todayKey } from '../../../../shared/query-keys';
import { adminKey } from '../../shared/api/keys';

export type TodayAdminPage = z.infer<typeof TodayPage>;
export type TodayRow = TodayAdminPage['items'][number];
export type TodaySaveInput = z.output<typeof TodaySave>;

const todayAdminRoot = [...adminKey, 'today'] as const;
const listRoot = [...todayAdminRoot, 'list'] as const;
const galleryRoot = [...todayAdminRoot, 'gallery'] as const;
const itemRoot = [...todayAdminRoot, 'item'] as const;

export const useTodayAdminList = (page: number) =>
  useQuery({
    queryKey: [...listRoot, page] as const,
    queryFn: () => callAwait<TodayAdminPage>('/api/admin/today/list', { data: { page } }),
    placeholderData: keepPreviousData,
  });

/** Gallery items to pick from: one member's (by user id) or everyone's newest. */
export const useTodayGallerySearch = (userId: string, page: number) =>
  useQuery({
    queryKey: [...galleryRoot, userId, page] as const,
    queryFn: () => callAwait<GalleryPage>('/api/gallery/list', { data: { page, ...(userId && { userId }) }, silent: true }),
    placeholderData: keepPreviousData,
  });

/** The picked item's photos, to choose which one shows. */
export const useTodayGalleryItem = (galleryKey: number | null) =>
  useQuery({
    queryKey: [...itemRoot, galleryKey] as const,
    queryFn: () => callAwait<GalleryView>('/api/gallery/view', { data: { galleryKey } }),
    enabled: galleryKey !== null,
  });

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([listRoot, todayKey, homeKey].map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** Field messages are shown at the field, so the call itself stays silent. */
export function useTodaySave() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: TodaySaveInput) => callAwait('/api/admin/today/save', { data: input, silent: true }), onSuccess: refresh });
}

export function useTodayDelete() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (date: string) => callAwait('/api/admin/today/delete', { data: { date } }), onSuccess: refresh });
}
