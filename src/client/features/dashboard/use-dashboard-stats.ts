import { useQuery } from '@tanstack/react-query';
import { dashboardStats, type DashboardStats } from '@shared/api/records';
import { apiRequest } from '../../lib/api';

export const DASHBOARD_STATS_KEY = ['/api/dashboard/stats'] as const;

export function useDashboardStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<DashboardStats>({
    queryKey: DASHBOARD_STATS_KEY,
    queryFn: () => apiRequest('GET', '/api/dashboard/stats', undefined, dashboardStats),
    enabled,
  });
}
