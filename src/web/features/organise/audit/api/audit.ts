import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPageSchema } from '#shared/contracts/organise';
import { apiRequest } from '../../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 20;

export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuery = (page: number, entityType: string | null) =>
  queryOptions({
    queryKey: ['organise', 'audit', { page, entityType }],
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
      if (entityType) query.set('entityType', entityType);
      return apiRequest<AuditPage>(`/api/organise/audit?${query.toString()}`);
    },
  });

/** A page of the audit log, newest first; the previous page stays on screen while the next loads. */
export const useAuditPage = (page: number, entityType: string | null) =>
  useQuery({ ...auditQuery(page, entityType), placeholderData: keepPreviousData });
