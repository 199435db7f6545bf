import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ledgerKeyList,
  ledgerPublicKey,
  ledgerWitness,
  ledgerWitnessList,
  type AddLedgerWitness,
} from '@shared/api/ledger';
import { apiRequest } from '../../lib/api';

export const LEDGER_KEYS_KEY = ['/api/ledger/keys'] as const;
export const WITNESSES_KEY = ['/api/ledger/witnesses'] as const;
/** How often the witnesses table refreshes while shown: cosigning happens in the background. */
const WITNESS_POLL_MS = 3000;

export function useLedgerKeys() {
  return useQuery({
    queryKey: LEDGER_KEYS_KEY,
    queryFn: () => apiRequest('GET', '/api/ledger/keys', undefined, ledgerKeyList),
  });
}

export function useRotateLedgerKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/ledger/keys/rotate', undefined, ledgerPublicKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEDGER_KEYS_KEY }),
  });
}

export function useWitnesses() {
  return useQuery({
    queryKey: WITNESSES_KEY,
    queryFn: () => apiRequest('GET', '/api/ledger/witnesses', undefined, ledgerWitnessList),
    refetchInterval: WITNESS_POLL_MS,
  });
}

export function useAddWitness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddLedgerWitness) =>
      apiRequest('POST', '/api/ledger/witnesses', input, ledgerWitness),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WITNESSES_KEY }),
  });
}

export function useRemoveWitness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (witnessId: string) => apiRequest('DELETE', `/api/ledger/witnesses/${witnessId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WITNESSES_KEY }),
  });
}

export function useSendCheckpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(
        'POST',
        '/api/ledger/witnesses/cosign',
        undefined,
        z.object({ queued: z.literal(true) }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WITNESSES_KEY }),
  });
}
