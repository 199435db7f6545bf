import { useQuery } from '@tanstack/react-query';
import {
  complianceAlerts,
  dashboardAnalytics,
  type ComplianceAlerts,
  type DashboardAnalytics,
} from '@shared/api/dashboard';
import { apiRequest } from '../../lib/api';
import { browserTimeZone } from './analytics';

/*
 * Alerts and analytics follow every training event, document and audit entry, which many screens
 * change; rather than each of them invalidating these, they load afresh whenever a screen that
 * shows them mounts.
 */

export function useComplianceAlerts() {
  const path = `/api/dashboard/alerts?tz=${encodeURIComponent(browserTimeZone())}`;
  return useQuery<ComplianceAlerts>({
    queryKey: [path],
    queryFn: () => apiRequest('GET', path, undefined, complianceAlerts),
    refetchOnMount: 'always',
  });
}

export function useDashboardAnalytics() {
  const path = `/api/dashboard/analytics?tz=${encodeURIComponent(browserTimeZone())}`;
  return useQuery<DashboardAnalytics>({
    queryKey: [path],
    queryFn: () => apiRequest('GET', path, undefined, dashboardAnalytics),
    refetchOnMount: 'always',
  });
}
