// Logo calls: /api/admin/logo/list|save|delete|activate. Every write also refreshes the header's
// logo (/api/session/logo) on this page.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminLogo, AdminLogoSave } from '../../../../../common/api/admin-setup';
import { callAwait } from '../../../../api/call';
import { logoQuery } from '../../../../shared/api/logo';
import { adminKey } from '../../shared/api/keys';

export type { AdminLogo };
export type LogoSaveInput = z.input<typeof AdminLogoSave>;

export const logoListRoot = [...adminKey, 'logo', 'list'] as const;

export const logoListQuery = () => queryOptions({ queryKey: logoListRoot, queryFn: () => callAwait<{ items: AdminLogo[] }>('/api/admin/logo/list') });
export const useLogoList = () => useQuery(logoListQuery());

function useLogoWrite<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: logoListRoot }), client.invalidateQueries({ queryKey: logoQuery().queryKey })]),
  });
}

/** Field messages are shown at the field by the form, so no toast here. */
export const useLogoSave = () => useLogoWrite((input: LogoSaveInput) => callAwait<{ id: number }>('/api/admin/logo/save', { data: input, silent: true }));
export const useLogoDelete = () => useLogoWrite((id: number) => callAwait<{ ok: true }>('/api/admin/logo/delete', { data: { id } }));
export const useLogoActivate = () =>
  useLogoWrite((input: { id: number; active: boolean }) => callAwait<{ ok: true }>('/api/admin/logo/activate', { data: input }));
