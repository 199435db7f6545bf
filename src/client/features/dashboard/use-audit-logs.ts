import { useQuery } from '@tanstack/react-query';
import { auditLogList, type AuditLogEntry } from '@shared/api/activity';
import { apiRequest } from '../../lib/api';

/** Prefix of every audit-log query; invalidating it refreshes all limits at once. */
export const AUDIT_LOGS_KEY = ['/api/audit-logs'] as const;

/** The newest `limit` audit entries (the server caps limit at 200). */
export function useAuditLogs(limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<AuditLogEntry[]>({
    queryKey: [...AUDIT_LOGS_KEY, { limit }],
    queryFn: () => apiRequest('GET', `/api/audit-logs?limit=${limit}`, undefined, auditLogList),
    enabled,
  });
}
