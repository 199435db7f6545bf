import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deviceDetail,
  discrepancy,
  type CreateComponentRequest,
  type CreateDeviceRequest,
  type CreateDiscrepancyRequest,
  type CreateMaintenanceItemRequest,
  type CreatePreflightRequest,
  type CreateSessionRequest,
  type DeviceDetail,
  type removeComponentRequest,
  type UpdateDiscrepancyRequest,
  type MaintenanceDoneRequest,
  type UpdateDeviceRequest,
} from '@shared/api/maintenance';
import {
  fleetFiguresResponse,
  fleetStatusList,
  maintenanceAlertList,
  maintenanceMetrics,
  predictionList,
} from '@shared/api/maintenance-insight';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';

/** Prefix of every fleet query: any change to the fleet can move every figure, alert and model. */
export const FLEET_KEY = ['/api/maintenance'] as const;
const deviceKey = (id: string) => [...FLEET_KEY, 'devices', id] as const;

export function useMaintenanceMetrics() {
  return useQuery({
    queryKey: [...FLEET_KEY, 'metrics'],
    queryFn: () => apiRequest('GET', '/api/maintenance/metrics', undefined, maintenanceMetrics),
  });
}

export function useFleetStatus() {
  return useQuery({
    queryKey: [...FLEET_KEY, 'fleet'],
    queryFn: () => apiRequest('GET', '/api/maintenance/fleet', undefined, fleetStatusList),
  });
}

export function useMaintenanceAlerts() {
  return useQuery({
    queryKey: [...FLEET_KEY, 'alerts'],
    queryFn: () => apiRequest('GET', '/api/maintenance/alerts', undefined, maintenanceAlertList),
  });
}

/** The server's default period (the last 90 days) with the one before it. */
export function useFleetFigures() {
  return useQuery({
    queryKey: [...FLEET_KEY, 'figures'],
    queryFn: () => apiRequest('GET', '/api/maintenance/figures', undefined, fleetFiguresResponse),
  });
}

export function usePredictions() {
  return useQuery({
    queryKey: [...FLEET_KEY, 'predictions'],
    queryFn: () => apiRequest('GET', '/api/maintenance/predictions', undefined, predictionList),
  });
}

const deviceQuery = (id: string) => ({
  queryKey: deviceKey(id),
  queryFn: () => apiRequest('GET', `/api/maintenance/devices/${id}`, undefined, deviceDetail),
});

export function useDevice(id: string) {
  return useQuery(deviceQuery(id));
}

/** Several devices' pages at once (the Optimization tab reads their scheduled maintenance). */
export function useDevices(ids: readonly string[]) {
  return useQueries({ queries: ids.map(deviceQuery) });
}

/**
 * After a change: the device's page takes the server's answer when it sent one, and everything
 * else under the prefix (metrics, alerts, fits, figures) is read again.
 */
function useFleetChange() {
  const queryClient = useQueryClient();
  return (detail?: DeviceDetail) => {
    if (detail) queryClient.setQueryData(deviceKey(detail.id), detail);
    const fresh = detail?.id ?? null;
    return queryClient.invalidateQueries({
      queryKey: FLEET_KEY,
      predicate: (query) => fresh === null || query.queryKey[2] !== fresh,
    });
  };
}

export function useCreateDevice() {
  const changed = useFleetChange();
  return useMutation({
    mutationFn: (input: CreateDeviceRequest) =>
      apiRequest('POST', '/api/maintenance/devices', input, deviceDetail),
    onSuccess: changed,
  });
}

function useDeviceWrite<T>(deviceId: string, path: string) {
  const changed = useFleetChange();
  return useMutation({
    mutationFn: (input: T) =>
      apiRequest('POST', `/api/maintenance/devices/${deviceId}${path}`, input, deviceDetail),
    onSuccess: changed,
  });
}

export const useRecordPreflight = (deviceId: string) =>
  useDeviceWrite<CreatePreflightRequest>(deviceId, '/preflights');
export const useRecordSession = (deviceId: string) =>
  useDeviceWrite<CreateSessionRequest>(deviceId, '/sessions');
export const useInstallComponent = (deviceId: string) =>
  useDeviceWrite<CreateComponentRequest>(deviceId, '/components');
export const useAddMaintenanceItem = (deviceId: string) =>
  useDeviceWrite<CreateMaintenanceItemRequest>(deviceId, '/maintenance');

export function useRemoveComponent(deviceId: string) {
  const changed = useFleetChange();
  return useMutation({
    mutationFn: ({
      componentId,
      ...input
    }: z.input<typeof removeComponentRequest> & { componentId: string }) =>
      apiRequest(
        'POST',
        `/api/maintenance/devices/${deviceId}/components/${componentId}/removal`,
        input,
        deviceDetail,
      ),
    onSuccess: changed,
  });
}

/** The discrepancy calls answer with the entry alone, so the device's page is read again. */
export function useReportDiscrepancy(deviceId: string) {
  const changed = useFleetChange();
  return useMutation({
    mutationFn: (input: CreateDiscrepancyRequest) =>
      apiRequest('POST', `/api/maintenance/devices/${deviceId}/discrepancies`, input, discrepancy),
    onSuccess: () => changed(),
  });
}

export function useUpdateDiscrepancy(deviceId: string) {
  const changed = useFleetChange();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateDiscrepancyRequest & { id: string }) =>
      apiRequest(
        'PATCH',
        `/api/maintenance/devices/${deviceId}/discrepancies/${id}`,
        input,
        discrepancy,
      ),
    onSuccess: () => changed(),
  });
}

export function useMarkMaintenanceDone(deviceId: string) {
  const changed = useFleetChange();
  return useMutation({
    mutationFn: ({ itemId, ...input }: MaintenanceDoneRequest & { itemId: string }) =>
      apiRequest(
        'POST',
        `/api/maintenance/devices/${deviceId}/maintenance/${itemId}/done`,
        input,
        deviceDetail,
      ),
    onSuccess: changed,
  });
}

export function useUpdateDevice(deviceId: string) {
  const changed = useFleetChange();
  return useMutation({
    mutationFn: (input: UpdateDeviceRequest) =>
      apiRequest('PATCH', `/api/maintenance/devices/${deviceId}`, input, deviceDetail),
    onSuccess: changed,
  });
}
