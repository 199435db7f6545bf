import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  approveResponse,
  generationRun,
  latestAuditResponse,
  smartAuditResponse,
  type GenerationRun,
  type SmartAuditResponse,
} from '@shared/api/document-generation';
import { toast } from '../../components/ui/use-toast';
import { t } from '../../i18n/app';
import { ApiError, apiErrorMessage, apiRequest } from '../../lib/api';
import { CHECKLIST_KEY } from '../checklist/use-checklist';
import { invalidateAfterUpload } from '../documents/use-documents';

export const LATEST_AUDIT_KEY = ['/api/document-generation/latest'] as const;

/** How often the screen asks for the run's phase while the audit request is under way. */
export const RUN_POLL_MS = 500;

/** The last completed smart audit of the organization, or null. */
export function useLatestAudit({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: LATEST_AUDIT_KEY,
    queryFn: async () =>
      (await apiRequest('GET', LATEST_AUDIT_KEY[0], undefined, latestAuditResponse)).result,
    enabled,
  });
}

/** The run's phase and progress; null until the server has created it. */
function useRunProgress(runId: string | null, running: boolean) {
  return useQuery<GenerationRun | null>({
    queryKey: ['/api/document-generation/runs', runId],
    queryFn: async () => {
      try {
        return await apiRequest(
          'GET',
          `/api/document-generation/runs/${runId}`,
          undefined,
          generationRun,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: runId !== null && running,
    refetchInterval: running ? RUN_POLL_MS : false,
  });
}

export function smartAuditToast(result: SmartAuditResponse) {
  const { documentsGenerated, documentsNeeded, aiPowered } = result.summary;
  const values = { count: documentsGenerated, needed: documentsNeeded };
  return {
    title: t('document-generation:toast.complete'),
    description: aiPowered
      ? t('document-generation:toast.generatedWithAi', values)
      : t('document-generation:toast.generated', values),
  };
}

/**
 * Starts the smart audit (POST /api/audit/analyze-with-generation with the fixed 'default-org'
 * of the observed screen, plus a run id) and follows the run's real phase and progress.
 */
export function useSmartAudit() {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (id: string) =>
      apiRequest(
        'POST',
        '/api/audit/analyze-with-generation',
        { organizationId: 'default-org', runId: id },
        smartAuditResponse,
      ),
    onSuccess: (result) => {
      queryClient.setQueryData(LATEST_AUDIT_KEY, result);
      toast(smartAuditToast(result));
      void invalidateAfterUpload(queryClient);
    },
    onError: (error) => {
      toast({
        title: t('document-generation:toast.failed'),
        description: apiErrorMessage(error) || t('document-generation:toast.unknown'),
        variant: 'destructive',
      });
    },
  });
  const progress = useRunProgress(runId, mutation.isPending);
  return {
    start: () => {
      const id = crypto.randomUUID();
      setRunId(id);
      mutation.mutate(id);
    },
    isRunning: mutation.isPending,
    run: mutation.isPending ? (progress.data ?? null) : null,
  };
}

export function useApproveGenerated() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('POST', `/api/generated-documents/${id}/approve`, undefined, approveResponse),
    onSuccess: ({ document, linkedItems }) => {
      queryClient.setQueryData<SmartAuditResponse | null>(LATEST_AUDIT_KEY, (current) =>
        current
          ? {
              ...current,
              generatedDocuments: current.generatedDocuments.map((d) =>
                d.id === document.id ? document : d,
              ),
            }
          : current,
      );
      toast({
        title: t('document-generation:toast.approved'),
        description: t('document-generation:toast.approvedDescription', {
          count: linkedItems.length,
          title: document.title,
          items: linkedItems.join(', '),
        }),
      });
      void queryClient.invalidateQueries({ queryKey: CHECKLIST_KEY });
      void invalidateAfterUpload(queryClient);
    },
    onError: (error) => {
      toast({
        title: t('document-generation:toast.approvalFailed'),
        description: apiErrorMessage(error),
        variant: 'destructive',
      });
    },
  });
}
