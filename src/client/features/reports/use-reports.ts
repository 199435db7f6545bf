import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  report,
  reportList,
  reportSchedule,
  reportScheduleList,
  type CreateReportRequest,
  type CreateScheduleRequest,
  type Report,
} from '@shared/api/reports';
import { apiRequest } from '../../lib/api';

export const REPORTS_KEY = ['/api/reports'] as const;

/** The organization's recent reports, newest first. */
export function useReports(enabled: boolean) {
  return useQuery({
    queryKey: REPORTS_KEY,
    enabled,
    queryFn: () => apiRequest('GET', '/api/reports', undefined, reportList),
    staleTime: 0,
  });
}

const running = (r: Report) => r.status === 'queued' || r.status === 'running';

/** One report, polled every second while its job runs. */
export function useReport(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['/api/reports', id],
    enabled: id !== null,
    queryFn: async () => {
      const r = await apiRequest('GET', `/api/reports/${id}`, undefined, report);
      if (!running(r)) await queryClient.invalidateQueries({ queryKey: REPORTS_KEY, exact: true });
      return r;
    },
    refetchInterval: (query) => (query.state.data && !running(query.state.data) ? false : 1000),
  });
}

export function useRequestReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportRequest) => apiRequest('POST', '/api/reports', body, report),
    onSuccess: async (created) => {
      queryClient.setQueryData(['/api/reports', created.id], created);
      await queryClient.invalidateQueries({ queryKey: REPORTS_KEY, exact: true });
    },
  });
}

export const SCHEDULES_KEY = ['/api/reports/schedules'] as const;

export function useSchedules() {
  return useQuery({
    queryKey: SCHEDULES_KEY,
    queryFn: () => apiRequest('GET', '/api/reports/schedules', undefined, reportScheduleList),
  });
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScheduleRequest) =>
      apiRequest('POST', '/api/reports/schedules', body, reportSchedule),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/reports/schedules/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}
