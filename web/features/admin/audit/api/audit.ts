// The audit log.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuditListQuery, AuditPage } from '../../../../../common/api/admin-audit';
import { callAwait } from '../../../../api/call';
import { adminKey } from '../../shared/api/keys';

export type AuditListParams = z.input<typeof AuditListQuery>;
export type AuditPageData = z.infer<typeof AuditPage>;
export type AuditRow = AuditPageData['items'][number];

/** /api/admin/audit/list: 50 a page, newest first. */
export const fetchAudit = (params: AuditListParams) => callAwait<AuditPageData>('/api/admin/audit/list', { data: params });

export const auditQuery = (params: AuditListParams) =>
  queryOptions({ queryKey: [...adminKey, 'audit', params] as const, queryFn: () => fetchAudit(params), placeholderData: keepPreviousData });

export const useAudit = (params: AuditListParams) => useQuery(auditQuery(params));
