import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';

const healthResponse = z.object({ ok: z.literal(true) });

/** A real round trip to GET /api/health, re-run on every visit and on demand. */
export function useApiHealth() {
  return useQuery({
    queryKey: ['/api/health'],
    queryFn: () => apiRequest('GET', '/api/health', undefined, healthResponse),
    staleTime: 0,
    gcTime: 0,
  });
}
