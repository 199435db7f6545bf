import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { deviceList } from '@shared/api/maintenance';
import { apiRequest } from '../../../lib/api';
import { useAuth } from '../../auth/use-auth';

export interface FieldDevice {
  id: string;
  name: string;
}

const STORAGE_KEY = 'centerline-field-devices';

function stored(userId: string | undefined): FieldDevice[] {
  if (!userId) return [];
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as {
      userId: string;
      devices: FieldDevice[];
    } | null;
    return saved?.userId === userId ? saved.devices : [];
  } catch {
    return [];
  }
}

/**
 * The organization's devices in service, for a write-up made in the simulator bay: read from the
 * server when it answers and kept on this device (names and ids only, for this user), so the
 * list is there again without a connection.
 */
export function useFieldDevices(enabled: boolean): FieldDevice[] {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: ['maintenance', 'field-devices'],
    queryFn: () => apiRequest('GET', '/api/maintenance/devices', undefined, deviceList),
    enabled,
    retry: false,
  });
  const fresh = useMemo(
    () =>
      query.data?.devices
        .filter((d) => !d.retiredAt)
        .map((d) => ({ id: d.id, name: d.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [query.data],
  );
  useEffect(() => {
    if (fresh && user) {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ userId: user.id, devices: fresh }));
    }
  }, [fresh, user]);
  return useMemo(() => fresh ?? stored(user?.id), [fresh, user?.id]);
}
