// Admin report calls: the queue (open first, 50 a page), resolving a reported thing and showing a hidden one again.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminReportPage, AdminReportResolve, AdminReportResolved, AdminReportRestore, AdminReportRestored, ReportKind, ReportStatus } from '../../../../../common/api/reports';
import { callAwait } from '../../../../api/call';
import { adminKey } from '../../shared/api/keys';

export type ReportPageData = z.infer<typeof AdminReportPage>;
export type ReportRow = ReportPageData['items'][number];
export interface ReportListParams {
  page: number;
  status?: ReportStatus;
  kind?: ReportKind;
}

const reportListRoot = [...adminKey, 'report', 'list'] as const;

export const useAdminReports = (params: ReportListParams) =>
  useQuery({
    queryKey: [...reportListRoot, params] as const,
    queryFn: () => callAwait<ReportPageData>('/api/admin/report/list', { data: params }),
    placeholderData: keepPreviousData,
  });

export function useReportResolve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof AdminReportResolve>) => callAwait<z.infer<typeof AdminReportResolved>>('/api/admin/report/resolve', { data: input }),
    // The dashboard's open-report count and the member pages read reports too.
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}

/** Shows a hidden thing again; the answer says what happens next (decision 33). */
export function useReportRestore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminReportRestore) => callAwait<z.infer<typeof AdminReportRestored>>('/api/admin/report/restore', { data: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
